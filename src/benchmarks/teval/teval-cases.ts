/**
 * Where T-Eval items come from: a user's T-Eval data (`--data <folder or file>`) or the built-in items —
 * the sample files in `data/teval/samples` plus the items derived from toolgauge's own tool corpora.
 */
import { fileURLToPath } from 'node:url';
import type { LoadCasesRequest, LoadedCases } from '../../spec/index.js';
import { type CorpusItems, deriveFromBenchmark } from './benchmark-corpus.js';
import type { TevalCase } from './teval-case.js';
import { caseSetHash, importTevalData } from './teval-import.js';

export const BUILT_IN_SAMPLES = fileURLToPath(new URL('../../../data/teval/samples/', import.meta.url));

export async function loadTevalCases(request: LoadCasesRequest): Promise<LoadedCases<TevalCase>> {
  const imported = await importTevalData(request.source ?? BUILT_IN_SAMPLES);
  if (request.source === undefined) {
    const derived = await sandboxDerivedItems();
    imported.cases.push(...derived.cases);
    imported.problems.push(...derived.problems);
  }
  const seen = new Set<string>();
  const cases = imported.cases.filter((item) => {
    if (seen.has(item.id)) return false;
    seen.add(item.id);
    return true;
  });
  return {
    cases,
    problems: imported.problems,
    caseSetHash: caseSetHash(cases),
    source: request.source ?? 'built-in',
  };
}

let derivedOnce: Promise<CorpusItems> | undefined;

/** Items derived from the sandbox benchmark's built-in cases, through the registry (once per process). */
function sandboxDerivedItems(): Promise<CorpusItems> {
  derivedOnce ??= (async () => {
    // Imported when first needed: the registry imports this benchmark, so a static import would be a cycle.
    const { getBenchmark } = await import('../registry.js');
    const services = {
      embedder: async () => {
        throw new Error('deriving T-Eval items needs no embedder');
      },
    };
    return deriveFromBenchmark('sandbox', getBenchmark('sandbox'), services);
  })();
  return derivedOnce;
}
