import type { BenchmarkDeclaration } from '../../spec/index.js';
import { TOOLTALK_OPTIONS } from './tooltalk-options.js';

/** ToolTalk, as the registry knows it before loading it (see `BenchmarkDeclaration`). */
export const tooltalkDeclaration: BenchmarkDeclaration = {
  id: 'tooltalk',
  title: 'ToolTalk',
  options: TOOLTALK_OPTIONS,
  datasets: [
    {
      name: 'tooltalk',
      description: 'ToolTalk (microsoft/ToolTalk, MIT): 78 conversations (easy and hard) and the mock databases.',
      version: 'e05f4ce',
      url: 'https://github.com/microsoft/ToolTalk/archive/e05f4ce.tar.gz',
      format: 'tar.gz',
      sha256: null,
      // 86 files. `node scripts/dataset-content-digest.ts --git <microsoft/ToolTalk clone> e05f4ce data`;
      // the same value from an unchanged copy of data/ and from `git archive` of the commit.
      contentDigest: '164b1d9d14e95bf10a9d5626856e1d6ab596e3f30444640f01f746a1ebbb7d0d',
      folder: '*/data',
      use: 'toolgauge run --benchmark tooltalk --data <path>',
    },
  ],
  load: async () => (await import('./index.js')).tooltalkBenchmark,
  loadReader: async () => (await import('./reader.js')).tooltalkReader,
  loadAggregator: async () => (await import('./aggregator.js')).tooltalkAggregator,
};
