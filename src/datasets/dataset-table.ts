import { benchmarkDatasets } from '../benchmarks/registry.js';
import type { DatasetSource } from '../spec/index.js';

/**
 * The datasets `toolgauge data pull <name>` can fetch: those the registered benchmarks declare
 * (`BenchmarkDeclaration.datasets`, in each benchmark's `declaration.ts`). A new dataset is an entry there.
 */
export type { DatasetSource } from '../spec/index.js';

/** Every dataset a registered benchmark declares, in registration order. */
export function knownDatasets(): readonly DatasetSource[] {
  return benchmarkDatasets();
}

export function findDataset(name: string): DatasetSource {
  const found = knownDatasets().find((dataset) => dataset.name === name);
  if (!found) {
    throw new Error(
      `unknown dataset "${name}"; known datasets: ${knownDatasets()
        .map((dataset) => dataset.name)
        .join(', ')}`,
    );
  }
  return found;
}
