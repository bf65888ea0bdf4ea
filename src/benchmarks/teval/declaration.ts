import type { BenchmarkDeclaration } from '../../spec/index.js';
import { TEVAL_OPTIONS } from './teval-protocol.js';

/** T-Eval, as the registry knows it before loading it (see `BenchmarkDeclaration`). */
export const tevalDeclaration: BenchmarkDeclaration = {
  id: 'teval',
  title: 'T-Eval',
  options: TEVAL_OPTIONS,
  datasets: [
    {
      name: 'teval',
      description:
        "T-Eval (open-compass/T-Eval, Apache-2.0): the paper-era (v1) data files of the repository's early commit (INSTRUCT, PLAN, REASON, RETRIEVE, UNDERSTAND, REVIEW); the full v2 data is on Hugging Face (lovesnowbest/T-Eval, data/), readable with --data too.",
      version: 'bab8696',
      url: 'https://github.com/open-compass/T-Eval/archive/bab869616dee4cb55a2a04390efb93c008b70896.tar.gz',
      format: 'tar.gz',
      sha256: null,
      // 8 files. `node scripts/dataset-content-digest.ts --git <open-compass/T-Eval clone> bab8696 data`
      // (from the commit's tree; the three PLAN/REVIEW files of an unchanged copy have the tree's blob ids).
      contentDigest: '292f542f7db3e3b023cd4fd56987db285678685bd61aba36381e894eab7f1414',
      folder: '*/data',
      use: 'toolgauge run --benchmark teval --data <path>',
    },
  ],
  load: async () => (await import('./index.js')).tevalBenchmark,
  loadReader: async () => (await import('./reader.js')).tevalReader,
  loadAggregator: async () => (await import('./aggregator.js')).tevalAggregator,
};
