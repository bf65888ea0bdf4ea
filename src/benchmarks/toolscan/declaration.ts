import type { BenchmarkDeclaration } from '../../spec/index.js';
import { TOOLSCAN_OPTIONS } from './options.js';

/** ToolScan, as the registry knows it before loading it (see `BenchmarkDeclaration`). */
export const toolscanDeclaration: BenchmarkDeclaration = {
  id: 'toolscan',
  title: 'ToolScan',
  options: TOOLSCAN_OPTIONS,
  load: async () => (await import('./index.js')).toolscanBenchmark,
  loadReader: async () => (await import('./reader.js')).toolscanReader,
  loadAggregator: async () => (await import('./aggregator.js')).toolscanAggregator,
};
