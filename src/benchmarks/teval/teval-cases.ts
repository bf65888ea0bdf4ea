/**
 * Where T-Eval items come from: a user's T-Eval data (`--data <folder or file>`) or the built-in items —
 * the sample files in `data/teval/samples` plus the items derived from toolgauge's own tool corpora.
 */
import { fileURLToPath } from 'node:url';
import { LexicalEmbedder } from '../../embeddings/index.js';
import type { BenchmarkCase, CaseProblem, LoadCasesRequest, LoadedCases } from '../../spec/index.js';
import { type CorpusItems, deriveFromBenchmark } from './benchmark-corpus.js';
import { withoutRepeats } from './item-repeats.js';
import type { TevalCase } from './teval-case.js';
import { caseSetHash, importTevalData } from './teval-import.js';

export const BUILT_IN_SAMPLES = fileURLToPath(new URL('../../../data/teval/samples/', import.meta.url));

export async function loadTevalCases(request: LoadCasesRequest): Promise<LoadedCases<TevalCase>> {
  const imported = await importTevalData(request.source ?? BUILT_IN_SAMPLES);
  if (request.source === undefined) {
    const derived = await derivedItems();
    imported.cases.push(...derived.cases);
    imported.problems.push(...derived.problems);
  }
  const seen = new Set<string>();
  const unique = imported.cases.filter((item) => {
    if (seen.has(item.id)) return false;
    seen.add(item.id);
    return true;
  });
  // The built-in set drops identical repeats (derived items repeat across scenarios and solutions); a
  // user's data is kept as it is, to score as the reference scores it.
  const cases = request.source === undefined ? withoutRepeats(unique) : unique;
  // Hashed when first asked for: a run records it, a rescore never reads it (hashing a 500-item file's
  // prompts and ground truths costs about as much as reading the file).
  let hash: string | undefined;
  return {
    cases,
    problems: imported.problems,
    get caseSetHash() {
      hash ??= caseSetHash(cases);
      return hash;
    },
    source: request.source ?? 'built-in',
  };
}

/**
 * The tool corpora T-Eval items are derived from, and which of their cases to use: for ToolSandbox one case
 * per scenario (its plain tool set and first wording); for ToolTalk and ToolScan every case.
 */
const DERIVED_CORPORA: readonly { readonly id: string; readonly keep?: (benchmarkCase: BenchmarkCase) => boolean }[] = [
  {
    id: 'sandbox',
    keep: (benchmarkCase) =>
      benchmarkCase.labels.augmentation === 'distraction-0' && !String(benchmarkCase.labels.baseId ?? '').includes('~'),
  },
  { id: 'tooltalk' },
  { id: 'toolscan' },
];

let derivedOnce: Promise<CorpusItems> | undefined;

/** Items derived from the registered tool corpora's built-in cases, through the registry (once per process). */
function derivedItems(): Promise<CorpusItems> {
  derivedOnce ??= (async () => {
    // Imported when first needed: the registry imports this benchmark, so a static import would be a cycle.
    const { hasBenchmark, loadBenchmark } = await import('../registry.js');
    // Playing a corpus's gold solutions may score free text (ToolTalk); the scores are not used here, so
    // the lexical embedder (no model to load) serves.
    const lexical = new LexicalEmbedder();
    const services = { embedder: async () => lexical };
    const cases: TevalCase[] = [];
    const problems: CaseProblem[] = [];
    for (const corpus of DERIVED_CORPORA) {
      if (!hasBenchmark(corpus.id)) continue;
      const derived = await deriveFromBenchmark(corpus.id, await loadBenchmark(corpus.id), services, corpus.keep);
      cases.push(...derived.cases);
      problems.push(...derived.problems);
    }
    return { cases, problems };
  })();
  return derivedOnce;
}
