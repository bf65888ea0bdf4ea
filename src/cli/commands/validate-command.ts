import type { Command } from 'commander';
import { runServices } from '../../runs/index.js';
import type { CaseProblem, CaseProof } from '../../spec/index.js';
import { addBenchmarkOptions, benchmarkOption, chosenBenchmark, resolveBenchmarkOptions } from '../cli-options.js';
import { formatCaseProblem } from '../format-problem.js';

interface ValidateOptions {
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
      if (options.embedderBaseUrl) process.env.TOOLGAUGE_EMBEDDER_BASE_URL = options.embedderBaseUrl;
      const benchmark = chosenBenchmark(options.benchmark);
      if (options.schema) {
        if (!benchmark.caseFileSchema) throw new Error(`the ${benchmark.id} benchmark publishes no case file schema`);
        process.stdout.write(`${JSON.stringify(benchmark.caseFileSchema(), null, 2)}\n`);
        return;
      }
      const values = resolveBenchmarkOptions(command, benchmark, 'validate');
      const sources = paths.length > 0 ? paths : [undefined];
      const problems: CaseProblem[] = [];
      let caseCount = 0;
      const proofs: CaseProof[] = [];
      const services = runServices(options.embedder);
      for (const source of sources) {
        const loaded = await benchmark.loadCases({ ...(source ? { source } : {}), options: values });
        problems.push(...loaded.problems);
        caseCount += loaded.cases.length;
        if (options.prove) {
          if (!benchmark.prove) throw new Error(`the ${benchmark.id} benchmark cannot prove its cases`);
          for (const benchmarkCase of loaded.cases) {
            proofs.push(await benchmark.prove(benchmarkCase, { options: values, services }));
          }
        }
      }
      const failed = proofs.filter((proof) => proof.checks.some((check) => !check.ok));
      const summary = options.prove ? (benchmark.summarizeProofs?.(proofs) ?? []) : [];
      if (options.json) {
        process.stdout.write(
          `${JSON.stringify(
            {
              benchmark: benchmark.id,
              cases: caseCount,
              problems,
              proofs: failed.map((proof) => ({
                caseId: proof.caseId,
                problems: proof.checks.filter((check) => !check.ok).map((check) => check.detail),
              })),
              ...(options.prove ? { summary } : {}),
            },
            null,
            2,
          )}\n`,
        );
      } else {
        for (const problem of problems) process.stdout.write(`${formatCaseProblem(problem)}\n`);
        for (const proof of failed) {
          for (const check of proof.checks.filter((entry) => !entry.ok)) {
            process.stdout.write(`${proof.caseId}: ${check.name}: ${check.detail}\n`);
          }
        }
        for (const line of summary) process.stdout.write(`${line}\n`);
        const files = new Set(problems.map((problem) => problem.file)).size;
        const proved = options.prove ? `, ${proofs.length - failed.length} of ${proofs.length} proved` : '';
        process.stdout.write(`${caseCount} ${benchmark.id} cases valid, ${files} files with problems${proved}\n`);
      }
      if (problems.length > 0 || failed.length > 0) process.exitCode = 1;
    },
  );
}
