#!/usr/bin/env node
import module from 'node:module';

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
// Node's compile cache keeps the compiled code of the modules a command loads (in the system temp folder,
// or NODE_COMPILE_CACHE; NODE_DISABLE_COMPILE_CACHE=1 turns it off): later commands compile less. A cache
// that cannot be written is ignored by Node, never an error.
module.enableCompileCache?.();
// A checkout is built by `npm run build` (a package comes built: `prepack` builds it).
const entry = new URL('../dist/cli/command-line.js', import.meta.url);
const { existsSync } = await import('node:fs');
if (!existsSync(entry)) {
  process.stderr.write('toolgauge is not built: run `npm run build` in its folder, then the command again.\n');
  process.exit(1);
}
// Faster module resolution for toolgauge's own modules and two of commander's built-ins (see that file).
if (module.registerHooks) {
  const { startUpResolver } = await import(new URL('../dist/cli/start-up-hooks.js', import.meta.url).href);
  module.registerHooks({ resolve: startUpResolver(new URL('../dist/', import.meta.url).href) });
}
const { runCommandLine } = await import(entry.href);
await runCommandLine(process.argv);
