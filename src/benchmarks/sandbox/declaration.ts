import type { BenchmarkDeclaration } from '../../spec/index.js';
import { SANDBOX_OPTIONS } from './options.js';

/** ToolSandbox, as the registry knows it before loading it (see `BenchmarkDeclaration`). */
export const sandboxDeclaration: BenchmarkDeclaration = {
  id: 'sandbox',
  title: 'ToolSandbox',
  simulatedUser: true,
  options: SANDBOX_OPTIONS,
  load: async () => (await import('./index.js')).sandboxBenchmark,
  loadReader: async () => (await import('./reader.js')).sandboxReader,
  loadAggregator: async () => (await import('./aggregator.js')).sandboxAggregator,
};
