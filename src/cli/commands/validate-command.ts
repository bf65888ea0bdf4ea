import { fileURLToPath } from 'node:url';
import type { Command } from 'commander';
import {
  BUILT_IN_SCENARIOS,
  formatProblem,
  loadScenarios,
  proofFigures,
  proveScenario,
  renderProofFigures,
  type ScenarioProof,
  scenarioFileJsonSchema,
} from '../../benchmarks/sandbox/index.js';
import { benchmarkOption } from '../cli-options.js';

export function registerValidate(program: Command): void {
  program
    .command('validate')
    .description('check scenario files without running a model; --prove also plays their gold and wrong solutions')
    .argument('[paths...]', 'scenario files or folders (default: the built-in corpus of --benchmark)')
    .addOption(benchmarkOption())
    .option(
      '--prove',
      'play each gold (must score 1), wrong (less) and alternative solution (≥ 0.95), trivial agents, lies and perturbed answers',
    )
    .option('--json', 'print the findings as JSON')
    .option('--schema', 'print the JSON Schema of scenario files (for editors) and exit')
    .action(
      async (paths: string[], options: { benchmark: string; prove?: boolean; json?: boolean; schema?: boolean }) => {
        if (options.schema) {
          process.stdout.write(`${JSON.stringify(scenarioFileJsonSchema(), null, 2)}\n`);
          return;
        }
        const targets = paths.length > 0 ? paths : [fileURLToPath(BUILT_IN_SCENARIOS)];
        const { scenarios, problems } = await loadScenarios(targets);
        const proofs: ScenarioProof[] = [];
        if (options.prove) {
          for (const scenario of scenarios) proofs.push(await proveScenario(scenario));
        }
        const failedProofs = proofs.filter((proof) => proof.problems.length > 0);
        if (options.json) {
          process.stdout.write(
            `${JSON.stringify({ scenarios: scenarios.length, problems, proofs: failedProofs.map(({ scenario, file, problems }) => ({ scenario, file, problems })) }, null, 2)}\n`,
          );
        } else {
          for (const problem of problems) process.stdout.write(`${formatProblem(problem)}\n`);
          for (const proof of failedProofs) {
            for (const problem of proof.problems) process.stdout.write(`${proof.file}: ${problem}\n`);
          }
          const files = new Set(problems.map((problem) => problem.file)).size;
          if (options.prove) {
            const insufficient = new Set(
              scenarios
                .filter((scenario) => scenario.categories.includes('insufficient_information'))
                .map((scenario) => scenario.id),
            );
            for (const line of renderProofFigures(proofFigures(proofs, insufficient)))
              process.stdout.write(`${line}\n`);
          }
          const proved = options.prove ? `, ${proofs.length - failedProofs.length} of ${proofs.length} proved` : '';
          process.stdout.write(`${scenarios.length} scenarios valid, ${files} files with problems${proved}\n`);
        }
        if (problems.length > 0 || failedProofs.length > 0) process.exitCode = 1;
      },
    );
}
