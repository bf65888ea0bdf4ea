#!/usr/bin/env node
// Checked before anything is imported: on an older Node the imports themselves fail, with a message
// ("No such built-in module: node:sqlite") that says nothing about what to do.
const [major, minor] = process.versions.node.split('.').map(Number);
if (major < 22 || (major === 22 && minor < 12)) {
  process.stderr.write(
    `toolgauge needs Node.js 22.12 or newer (it uses the built-in node:sqlite); this is Node.js ${process.versions.node}.\n` +
      'Install a current Node.js (https://nodejs.org, or `nvm install 22`) and run the command again.\n',
  );
  process.exit(2);
}
// Each command loads what it uses (so `--help` or `list runs` start at once): benchmarks included.
globalThis[Symbol.for('toolgauge.lazyBenchmarks')] = true;
const { runCommandLine } = await import('../dist/cli/command-line.js');
await runCommandLine(process.argv);
