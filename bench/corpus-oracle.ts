/**
 * The whole built-in sandbox corpus played by the oracle (every case: openings × augmentations),
 * offline. Prints the wall time and cases per second, and the mean score (which must be 1).
 *
 *   node bench/corpus-oracle.ts        (after `npm run build`)
 */
import { fileURLToPath } from 'node:url';
import {
  BUILT_IN_SCENARIOS,
  builtinAgent,
  loadScenarios,
  runSandboxCases,
  sandboxCases,
} from '../dist/benchmarks/sandbox/index.js';

const loadStarted = performance.now();
const { scenarios, problems } = await loadScenarios([fileURLToPath(BUILT_IN_SCENARIOS)]);
const loadSeconds = (performance.now() - loadStarted) / 1000;
const cases = sandboxCases(scenarios);
const started = performance.now();
const records = await runSandboxCases({ cases, agentFor: (sandboxCase) => builtinAgent('oracle', sandboxCase) });
const seconds = (performance.now() - started) / 1000;
const mean = records.reduce((sum, record) => sum + record.score, 0) / records.length;
console.log(`loaded ${scenarios.length} scenarios (${problems.length} problems) in ${loadSeconds.toFixed(2)} s`);
console.log(
  `oracle: ${records.length} cases in ${seconds.toFixed(1)} s = ${(records.length / seconds).toFixed(0)} cases/s, mean score ${mean.toFixed(4)}`,
);
