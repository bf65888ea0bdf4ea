/**
 * The sandbox's held-out check: correct and wrong solutions written outside the scorer's proofs (in
 * `heldout/sandbox/`, one file per scenario, never read by `validate --prove`), played on each scenario's
 * original case. A scorer that generalises gives the correct ones ≥ 0.9 and the wrong ones ≤ 0.5.
 *
 *   node bench/sandbox-heldout.ts [--scoring facts|paper] [--only <scenario-id>] [--dir <folder>] [--trajectory] [--json]
 *
 * (after `npm run build`). `--trajectory` prints each solution's tool calls and results and no score: what
 * an author of held-out solutions may look at (that the calls ran) without tuning to the scorer.
 *
 * A held-out file:
 *
 *   scenario: <scenario id>
 *   correct:
 *     - why: <what makes it right>
 *       solution: [ { call: [ { tool, arguments } ] }, { say: … } ]   # the scenario file's solution form
 *   wrong:
 *     - why: <what makes it wrong>
 *       solution: [ … ]
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SolutionAgent } from '../dist/agents/index.js';
import {
  BUILT_IN_SCENARIOS,
  compileScenario,
  runSandboxCase,
  type SandboxScenario,
  sandboxCases,
  scenarioFileSchema,
} from '../dist/benchmarks/sandbox/internals.js';
import { parseYamlText } from '../dist/util/yaml-text.js';

interface HeldOutEntry {
  readonly why: string;
  readonly solution: unknown[];
}
interface HeldOutFile {
  readonly scenario: string;
  readonly correct?: HeldOutEntry[];
  readonly wrong?: HeldOutEntry[];
}

const args = process.argv.slice(2);
const flag = (name: string) => {
  const index = args.indexOf(name);
  return index >= 0 ? args[index + 1] : undefined;
};
const scoring = (flag('--scoring') ?? 'facts') as 'facts' | 'paper';
const only = flag('--only');
const showTrajectory = args.includes('--trajectory');
const asJson = args.includes('--json');
const heldOutFolder = flag('--dir') ?? fileURLToPath(new URL('../heldout/sandbox/', import.meta.url));
const scenarioFolder = fileURLToPath(BUILT_IN_SCENARIOS);

async function filesUnder(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((entry) =>
      entry.isDirectory() ? filesUnder(join(folder, entry.name)) : Promise.resolve([join(folder, entry.name)]),
    ),
  );
  return nested.flat().filter((file) => /\.ya?ml$/.test(file));
}

/** Scenario files by id, parsed and checked as the loader does. */
const scenarioFiles = new Map<string, { file: string; data: Record<string, unknown> }>();
for (const file of await filesUnder(scenarioFolder)) {
  const data = parseYamlText(await readFile(file, 'utf8')) as Record<string, unknown>;
  scenarioFiles.set(String(data.id), { file, data });
}

/** The scenario compiled with one solution as its gold (the loader's own conversion of turns). */
function withSolution(id: string, solution: unknown[]): SandboxScenario {
  const found = scenarioFiles.get(id);
  if (!found) throw new Error(`held-out: no scenario "${id}"`);
  const data = { ...found.data, solutions: { gold: solution, wrong: [solution], alternatives: [] } };
  const parsed = scenarioFileSchema.safeParse(data);
  if (!parsed.success) {
    throw new Error(
      `held-out ${id}: solution does not parse: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`,
    );
  }
  return compileScenario(parsed.data, found.file);
}

interface Outcome {
  readonly scenario: string;
  readonly kind: 'correct' | 'wrong';
  readonly index: number;
  readonly why: string;
  readonly score: number;
  readonly detail: string;
}
const outcomes: Outcome[] = [];
const files = (await filesUnder(heldOutFolder)).sort();
for (const file of files) {
  const heldOut = parseYamlText(await readFile(file, 'utf8')) as HeldOutFile;
  if (only && heldOut.scenario !== only) continue;
  for (const kind of ['correct', 'wrong'] as const) {
    for (const [index, entry] of (heldOut[kind] ?? []).entries()) {
      const scenario = withSolution(heldOut.scenario, entry.solution);
      const original = sandboxCases([scenario])[0];
      if (!original) continue;
      const { score, trajectory } = await runSandboxCase({
        sandboxCase: original,
        agent: new SolutionAgent(scenario.gold, 'held-out'),
        scoring,
      });
      if (showTrajectory) {
        console.log(`\n== ${heldOut.scenario} ${kind} ${index}: ${entry.why}`);
        for (const message of trajectory.messages) {
          if (message.type === 'text') console.log(`  ${message.sender}: ${message.text}`);
          else if (message.type === 'tool-call')
            console.log(`  call ${message.call.name} ${JSON.stringify(message.call.arguments)}`);
          else if (message.type === 'tool-result') console.log(`  → ${JSON.stringify(message.outcome).slice(0, 400)}`);
        }
        continue;
      }
      const detail = [
        ...score.milestones
          .filter((match) => match.similarity < 1)
          .map((match) => `${match.milestone}=${match.similarity.toFixed(3)}`),
        ...score.minefields.filter((match) => match.similarity > 0).map((match) => `minefield ${match.milestone}`),
        ...(score.penalties ?? []).map((penalty) => `${penalty.kind}: ${penalty.detail}`),
      ].join(', ');
      outcomes.push({ scenario: heldOut.scenario, kind, index, why: entry.why, score: score.score, detail });
    }
  }
}

if (!showTrajectory) {
  const correct = outcomes.filter((outcome) => outcome.kind === 'correct');
  const wrong = outcomes.filter((outcome) => outcome.kind === 'wrong');
  const correctHeld = correct.filter((outcome) => outcome.score >= 0.9);
  const wrongHeld = wrong.filter((outcome) => outcome.score <= 0.5);
  if (asJson) {
    console.log(JSON.stringify({ scoring, outcomes }, null, 2));
  } else {
    console.log(`held-out sandbox solutions (${files.length} files), --scoring ${scoring}`);
    console.log(
      `correct ≥ 0.9: ${correctHeld.length} of ${correct.length} (${((100 * correctHeld.length) / Math.max(1, correct.length)).toFixed(1)}%)`,
    );
    console.log(
      `wrong ≤ 0.5: ${wrongHeld.length} of ${wrong.length} (${((100 * wrongHeld.length) / Math.max(1, wrong.length)).toFixed(1)}%)`,
    );
    for (const outcome of outcomes) {
      const miss = outcome.kind === 'correct' ? outcome.score < 0.9 : outcome.score > 0.5;
      if (miss)
        console.log(
          `  miss ${outcome.kind} ${outcome.scenario}#${outcome.index} ${outcome.score.toFixed(3)} (${outcome.detail}): ${outcome.why}`,
        );
    }
  }
}
