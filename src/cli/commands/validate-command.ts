import type { Command } from 'commander';
import { addBenchmarkOptions, benchmarkOption } from '../cli-options.js';

/** `validate`: its flags here; what it checks is `validate-action.ts`, imported when it runs. */

export interface ValidateOptions {
  benchmark: string;
  prove?: boolean;
  json?: boolean;
  schema?: boolean;
  embedder?: string;
  embedderBaseUrl?: string;
}

export function registerValidate(program: Command): void {
  const command = program
    .command('validate')
    .description(
      "check a benchmark's case files without running a model; --prove also plays their gold and wrong solutions",
    )
    .argument('[paths...]', 'case files or folders (default: the built-in cases of --benchmark)')
    .addOption(benchmarkOption())
    .option('--prove', 'play each gold solution (must score 1) and wrong solution (must score less)')
    .option('--embedder <spec>', 'the embedder for proofs that need one')
    .option(
      '--embedder-base-url <url>',
      'base URL of the OpenAI-compatible embeddings server for --embedder openai-compatible:<model> (sets TOOLGAUGE_EMBEDDER_BASE_URL)',
    )
    .option('--json', 'print the findings as JSON')
    .option('--schema', "print the JSON Schema of the benchmark's case files (for editors) and exit");
  addBenchmarkOptions(command, 'validate').action(
    async (paths: string[], options: ValidateOptions, command: Command) => {
      const { validateAction } = await import('./validate-action.js');
      await validateAction(paths, options, command);
    },
  );
}
