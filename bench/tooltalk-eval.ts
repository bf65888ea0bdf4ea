/**
 * How fast ToolTalk scores predictions (no model): 10,000 conversations' predictions — the built-in
 * conversations' ground truth, with every free-text argument reworded per conversation so that the
 * offline embedder (USE lite) has new texts to embed — matched, flagged and scored in default mode.
 * Conversations are scored 32 at a time, as a run's concurrent episodes are, so the run's embedder
 * gathers their texts into batches. Prints conversations/second, with the embedding time included.
 *
 * A micro-benchmark of the scorer's internals (hence the imports from dist/benchmarks). To score
 * stored predictions — the reference's own output — use `toolgauge run --agent recorded
 * --tooltalk-recorded <dir>`; bench/tooltalk-recorded.ts times that beside the reference's evaluator.
 *
 *   npm run build && node bench/tooltalk-eval.ts [conversations]
 */

import { FREE_TEXT_ARGUMENTS } from '../dist/benchmarks/tooltalk/comparators.js';
import { tooltalkBenchmark } from '../dist/benchmarks/tooltalk/index.js';
import { scoreReplay } from '../dist/benchmarks/tooltalk/score-replay.js';
import { createEmbedder } from '../dist/embeddings/index.js';

const total = Number(process.argv[2] ?? 10_000);
const variants = 1_000;
const loaded = await tooltalkBenchmark.loadCases({ options: {} });
const embedder = await createEmbedder('use-lite');

async function pass(): Promise<{ seconds: number; successes: number; calls: number }> {
  const started = performance.now();
  let successes = 0;
  let calls = 0;
  const scoreOne = async (index: number) => {
    const benchmarkCase = loaded.cases[index % loaded.cases.length];
    if (!benchmarkCase) throw new Error('no built-in cases');
    const variant = index % variants;
    const predictions = benchmarkCase.conversation.conversation.flatMap((turn, turnIndex) =>
      turn.role === 'assistant'
        ? [
            {
              turnIndex,
              predictions: (turn.apis ?? []).map((call) => {
                const freeText = FREE_TEXT_ARGUMENTS[call.request.api_name] ?? {};
                const parameters = Object.fromEntries(
                  Object.entries(call.request.parameters).map(([key, value]) =>
                    key in freeText && typeof value === 'string' ? [key, `${value} (note ${variant})`] : [key, value],
                  ),
                );
                return {
                  request: { api_name: call.request.api_name, parameters },
                  response: call.response ?? null,
                  exception: call.exception,
                };
              }),
            },
          ]
        : [],
    );
    const scored = await scoreReplay(benchmarkCase.conversation, predictions, 'default', async () => embedder);
    successes += scored.evaluation.metrics.success ? 1 : 0;
    calls += scored.evaluation.metrics.predictions;
  };
  for (let start = 0; start < total; start += 32) {
    await Promise.all(Array.from({ length: Math.min(32, total - start) }, (_, offset) => scoreOne(start + offset)));
  }
  return { seconds: (performance.now() - started) / 1000, successes, calls };
}

for (const label of ['cold (every text embedded)', "warm (vectors cached, as in a run's later trials)"]) {
  const { seconds, successes, calls } = await pass();
  console.log(
    `${label}: scored ${total} conversations (${calls} predicted calls, ${embedder.size} distinct texts, ${embedder.id}) in ${seconds.toFixed(1)} s: ${(total / seconds).toFixed(0)} conversations/s; success ${((100 * successes) / total).toFixed(1)}%`,
  );
}
