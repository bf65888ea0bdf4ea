import type { Command } from 'commander';
import { runServices } from '../../runs/index.js';
import type { CaseProblem, CaseProof } from '../../spec/index.js';
import { formatCaseProblem } from '../format-problem.js';
import { chosenBenchmark, resolveBenchmarkOptions } from '../resolve-benchmark-options.js';
import type { ValidateOptions } from './validate-command.js';

/** `validate [paths…]`: loads (and with --prove plays) the cases and prints what is wrong with them. */
export async function validateAction(paths: string[], options: ValidateOptions, command: Command): Promise<void> {
  if (options.embedderBaseUrl) process.env.TOOLGAUGE_EMBEDDER_BASE_URL = options.embedderBaseUrl;
  const benchmark = await chosenBenchmark(options.benchmark);
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
    const files = new Set(problems.map((problem) => problem.file)).size;
    for (const line of summary) process.stdout.write(`${line}\n`);
    const proved = options.prove ? `, ${proofs.length - failed.length} of ${proofs.length} proved` : '';
    process.stdout.write(`${caseCount} ${benchmark.id} cases valid, ${files} files with problems${proved}\n`);
  }
  if (problems.length > 0 || failed.length > 0) process.exitCode = 1;
}
