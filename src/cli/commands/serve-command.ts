import type { Command } from 'commander';
import type { ServeFlags } from '../../reference-server/index.js';
import { benchmarkIdOf } from '../benchmark-module-flag.js';

export function registerServe(program: Command): void {
  program
    .command('serve-reference')
    .description(
      "serve a local model that plays the benchmarks' gold solutions (as the agent) and ToolSandbox's scripted replies (as the user) over the OpenAI and Anthropic wire formats, to native and prompt-mode (prompt:<spec>) clients",
    )
    .option(
      '--benchmark <ids...>',
      'the benchmarks to play (default: every one with a reference model); module:<file> for your own',
    )
    .option('--port <n>', 'port to listen on (0: any free port)', '8080')
    .option('--host <host>', 'address to listen on', '127.0.0.1')
    .option(
      '--data <paths...>',
      "case files or folders of the benchmark served (with one --benchmark, or alone the default one's; default: the built-in cases)",
    )
    .option('--scenarios <paths...>', 'same as --data (the sandbox calls its cases scenarios)')
    .option('--latency-ms <n>', 'delay every reply by this much')
    .option('--fault-rate <share>', 'share of requests that fail on purpose, 0 to 1')
    .option('--fault-kinds <list>', 'comma-separated: 429,500,slow,drop,malformed (default: all)')
    .option('--slow-ms <n>', 'how slow a "slow" fault is')
    .option('--retry-after <seconds>', 'Retry-After sent with injected 429s')
    .option('--seed <seed>', 'seed of the fault sequence')
    .option('--warm', 'index every case before listening')
    .action(async (flags: ServeFlags) => {
      const [{ loadAllBenchmarks }, { parseServeOptions, startReferenceServer }] = await Promise.all([
        import('../../benchmarks/registry.js'),
        import('../../reference-server/index.js'),
      ]);
      // A module benchmark (registered before parsing) is served by its id.
      const benchmark = flags.benchmark?.map(benchmarkIdOf);
      await loadAllBenchmarks();
      const server = await startReferenceServer(parseServeOptions({ ...flags, ...(benchmark ? { benchmark } : {}) }));
      // Cases the server cannot tell apart are served (as the first of them), not skipped.
      const report = (problem: string) => {
        const served = Object.values(server.indistinguishable)
          .flat()
          .some((id) => problem.includes(id));
        process.stderr.write(`${served ? 'note' : 'skipped'}: ${problem}\n`);
      };
      for (const problem of server.problems) report(problem);
      const counts = () =>
        server.benchmarks
          .map((entry) => `${entry.id}: ${entry.loading ? 'loading its cases…' : `${entry.caseCount} cases`}`)
          .join(', ');
      process.stdout.write(
        `reference model on ${server.url} (${counts()})\n` +
          `  OpenAI-compatible: --agent openai-compatible:reference --base-url ${server.url}/v1\n` +
          `  prompt mode:       --agent prompt:openai-compatible:reference --base-url ${server.url}/v1\n` +
          `  Anthropic:         --agent anthropic:reference --base-url ${server.url}/v1  (with ANTHROPIC_API_KEY set to anything)\n` +
          `  models:            GET ${server.url}/v1/models    stats: GET ${server.url}/__stats\n`,
      );
      // Benchmarks that load their cases on first use start now, in the background, and say when they are done.
      const before = new Set(server.problems);
      if (server.benchmarks.some((entry) => entry.loading)) {
        void server.ready().then(() => {
          for (const problem of server.problems) if (!before.has(problem)) report(problem);
          process.stdout.write(`all cases loaded (${counts()})\n`);
        });
      }
      const stop = async () => {
        await server.close();
        process.exit(0);
      };
      process.once('SIGINT', stop);
      process.once('SIGTERM', stop);
    });
}
