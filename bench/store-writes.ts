/**
 * The store's CPU per finished episode — claim it, check it is not stored, store it with a 12 KB record,
 * release its claim — written one transaction per episode against the default batches (64 episodes or
 * 50 ms per transaction, statements prepared once), in a fresh SQLite file; then batched with records
 * shaped like the sandbox's, half of each a world shared with other episodes (169 worlds, as in the
 * oracle corpus), stored once each (store format 4). Records are serialized before the clock starts.
 *
 *   node bench/store-writes.ts [episodes=3000]   (after `npm run build`)
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type EpisodeBatchOptions, RunStore, type SerializedRecord, serializeRecord } from '../dist/runs/index.js';

const [episodes = 3000] = process.argv.slice(2).map(Number);
const whole = JSON.stringify({ text: 'x'.repeat(12_000) });

async function cpuPerEpisode(
  batch: EpisodeBatchOptions,
  recordOf: (index: number) => string | SerializedRecord = () => whole,
): Promise<number> {
  const store = await RunStore.open(join(mkdtempSync(join(tmpdir(), 'bench-store-')), 'runs.db'), { batch });
  store.ensureRun('r', {}, new Date().toISOString());
  const claims = store.claims('r');
  const before = process.cpuUsage();
  for (let index = 0; index < episodes; index += 1) {
    const caseId = `case-${index}`;
    const key = `sandbox\u001f${caseId}#0`;
    claims.claim(key);
    store.isScored('r', 'sandbox', caseId, 0);
    store.saveEpisode(
      {
        runId: 'r',
        benchmark: 'sandbox',
        caseId,
        trial: 0,
        status: 'scored',
        score: 1,
        metrics: { score: 1 },
        error: null,
        inputTokens: 0,
        outputTokens: 0,
        requests: 0,
        cost: 0,
        durationMs: 1,
        labels: { augmentation: 'distraction-0' },
        modelCalls: [],
        record: recordOf(index),
      },
      { claims, key },
    );
  }
  store.flush();
  const used = process.cpuUsage(before);
  claims.close();
  store.close();
  return (used.user + used.system) / 1000 / episodes;
}

const single = await cpuPerEpisode({ size: 1, delayMs: 0 });
const batched = await cpuPerEpisode({});
// Made only now, so that the measurements above run with the heap they always had.
const worlds = Array.from({ length: 169 }, (_, index) => ({ tables: { rows: `${index}:${'w'.repeat(6_000)}` } }));
const withParts = Array.from({ length: episodes }, (_, index) =>
  serializeRecord({ text: 'x'.repeat(6_000), world: worlds[index % worlds.length] }, [['world']]),
);
const batchedParts = await cpuPerEpisode({}, (index) => withParts[index] as SerializedRecord);
console.log(`one transaction per episode: ${single.toFixed(3)} ms CPU per episode`);
console.log(
  `batched (64 or 50 ms):       ${batched.toFixed(3)} ms CPU per episode (${(single / batched).toFixed(1)}× less)`,
);
console.log(`batched, half a shared part: ${batchedParts.toFixed(3)} ms CPU per episode`);
