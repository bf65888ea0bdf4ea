import { Option } from 'commander';

export const BENCHMARKS = ['sandbox'] as const;

export function benchmarkOption(): Option {
  return new Option('--benchmark <name>', 'which benchmark').choices([...BENCHMARKS]).default('sandbox');
}
