/**
 * Gate a CI job on a benchmark score with the toolgauge library (no CLI, no stdout parsing):
 *
 *   node examples/ci-gate.mjs [benchmark=sandbox] [agent=oracle] [threshold=0.9] [case-glob]
 *
 * It runs the benchmark's cases with the agent (a built-in one, a model spec such as `openai:gpt-4o`, or
 * your own), reads the typed report, prints the headline and the benchmark's tables, and exits 1 when the
 * headline is below the threshold. In a project that installed toolgauge this file works as is: it
 * imports the package by name.
 */
import { evaluate } from 'toolgauge';

const [benchmark = 'sandbox', agent = 'oracle', thresholdText = '0.9', cases] = process.argv.slice(2);
const threshold = Number(thresholdText);

const report = await evaluate({ benchmark, agent, ...(cases ? { cases } : {}) });
const result = report.benchmarks[benchmark];
if (!result) throw new Error(`the run has no ${benchmark} episodes`);
const headline = result.overall.score ?? 0;

console.log(`${result.title} ${result.headline}: ${headline.toFixed(3)} over ${result.overall.episodes} episodes`);
for (const table of result.tables) console.log(`  ${table.title}: ${JSON.stringify(table.rows[0])}`);
if (result.status.failed > 0) console.log(`  ${result.status.failed} episodes failed (provider or harness trouble)`);

if (headline < threshold) {
  console.error(`FAIL: ${result.headline} ${headline.toFixed(3)} is below the gate ${threshold}`);
  process.exitCode = 1;
} else {
  console.log(`PASS: ${result.headline} ${headline.toFixed(3)} ≥ ${threshold}`);
}
