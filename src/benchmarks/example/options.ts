import type { BenchmarkOption } from '../../spec/index.js';

export const EXAMPLE_OPTIONS: readonly BenchmarkOption[] = [
  {
    flag: 'example-kind',
    description: 'only items of this kind',
    commands: ['run', 'list', 'validate'],
    type: 'string',
    choices: ['conversion', 'lookup'],
  },
];
