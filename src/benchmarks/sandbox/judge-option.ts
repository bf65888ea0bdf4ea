import type { BenchmarkOption, BenchmarkOptionValues, ModelAdapter } from '../../spec/index.js';

/**
 * `--judge <model spec>`: an optional model judge of answer milestones (any provider toolgauge speaks),
 * recorded with each episode beside the typed checker's verdict; `validate --prove --judge` prints how
 * often the two agree. The offline typed checker keeps deciding the score.
 */
export const JUDGE_OPTIONS: readonly BenchmarkOption[] = [
  {
    flag: 'judge',
    description:
      'a model that judges each answer milestone beside the typed checker (recorded, not scored); with validate --prove, its agreement with the checker',
    commands: ['run', 'validate'],
    type: 'string',
  },
  {
    flag: 'judge-base-url',
    description: "the judge model's server (for openai-compatible:<model> judges)",
    commands: ['run', 'validate'],
    type: 'string',
  },
];

/** Judge models per spec and base URL, made once per process (the provider module loads on first use). */
const judges = new Map<string, Promise<ModelAdapter>>();

/** The judge the options name, or undefined without `--judge`. */
export function judgeOf(options: BenchmarkOptionValues): Promise<ModelAdapter> | undefined {
  const spec = typeof options.judge === 'string' && options.judge !== '' ? options.judge : undefined;
  if (!spec) return undefined;
  const baseUrl = typeof options['judge-base-url'] === 'string' ? options['judge-base-url'] : undefined;
  const key = `${spec}\u0000${baseUrl ?? ''}`;
  let judge = judges.get(key);
  if (!judge) {
    judge = import('../../models/index.js').then(({ createModelAdapter }) =>
      createModelAdapter(spec, baseUrl ? { baseUrl } : {}),
    );
    judges.set(key, judge);
  }
  return judge;
}
