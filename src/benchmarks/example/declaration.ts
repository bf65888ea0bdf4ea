import type { BenchmarkDeclaration } from '../../spec/index.js';
import { EXAMPLE_OPTIONS } from './options.js';

/** The test-only example benchmark, as the registry knows it before loading it. */
export const exampleDeclaration: BenchmarkDeclaration = {
  id: 'example',
  title: 'Example',
  hidden: true,
  options: EXAMPLE_OPTIONS,
  load: async () => (await import('./index.js')).exampleBenchmark,
};
