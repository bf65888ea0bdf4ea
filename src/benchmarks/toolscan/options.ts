/** The flags ToolScan adds to commands, and the settings they resolve to. */
import type { BenchmarkOption, BenchmarkOptionValues } from '../../spec/index.js';
import { QUERY_SETS, type QuerySet } from './vocabulary.js';

/** How episodes are played: the ablation settings. */
export const DEFAULT_STEP_BUDGET = 10;
export const OUTPUT_FORMATS = ['native', 'json', 'text'] as const;
export type OutputFormat = (typeof OUTPUT_FORMATS)[number];

export interface ToolscanSettings {
  readonly feedback: boolean;
  readonly output: OutputFormat;
  readonly steps: number;
  /** Count as the reference code does (`--toolscan-reference on`); see reference-counting.ts. */
  readonly reference?: boolean;
}

export const TOOLSCAN_OPTIONS: readonly BenchmarkOption[] = [
  {
    flag: 'feedback',
    description:
      'The feedback mechanism: "on" explains a rejected call (the paper); "off" returns a bare failure (ablation).',
    commands: ['run', 'validate'],
    type: 'string',
    choices: ['on', 'off'],
    default: 'on',
  },
  {
    flag: 'toolscan-output',
    description:
      'How the agent is told to write calls: "native" (provider tool calls), or for prompt-mode models "json" or "text" (Action / Action Input lines) — the output-format ablation.',
    commands: ['run', 'validate'],
    type: 'string',
    choices: [...OUTPUT_FORMATS],
    default: 'native',
  },
  {
    flag: 'toolscan-steps',
    description: `Step budget per query (default ${DEFAULT_STEP_BUDGET}, as the paper).`,
    commands: ['run', 'validate'],
    type: 'string',
    default: String(DEFAULT_STEP_BUDGET),
  },
  {
    flag: 'toolscan-reference',
    description:
      'Count as the reference code does ("on"; proven on recorded episodes): pattern scores as (10 − count) / 10, each call checked by the reference\'s rules, repeats of calls that ran only, IAV by exact argument equality without assignment, success on any finish. Default "off" (the paper\'s reading).',
    commands: ['run', 'validate', 'rescore'],
    type: 'string',
    choices: ['on', 'off'],
    default: 'off',
  },
  {
    flag: 'toolscan-set',
    description: 'Which queries: "main" (the 150), "irrelevance" (the irrelevant-constraint variants), or "all".',
    commands: ['run', 'list', 'validate'],
    type: 'string',
    choices: [...QUERY_SETS],
    default: 'main',
  },
];

export function settingsFrom(options: BenchmarkOptionValues): ToolscanSettings {
  const steps = Number(options['toolscan-steps'] ?? DEFAULT_STEP_BUDGET);
  if (!Number.isInteger(steps) || steps < 1 || steps > 100) {
    throw new Error(`--toolscan-steps must be a whole number from 1 to 100, got "${options['toolscan-steps']}"`);
  }
  const output = String(options['toolscan-output'] ?? 'native');
  if (!(OUTPUT_FORMATS as readonly string[]).includes(output)) {
    throw new Error(`--toolscan-output must be one of ${OUTPUT_FORMATS.join(', ')}, got "${output}"`);
  }
  const feedback = options.feedback ?? 'on';
  if (feedback !== 'on' && feedback !== 'off' && typeof feedback !== 'boolean') {
    throw new Error(`--feedback must be "on" or "off", got "${String(feedback)}"`);
  }
  const reference = String(options['toolscan-reference'] ?? 'off');
  if (reference !== 'on' && reference !== 'off') {
    throw new Error(`--toolscan-reference must be "on" or "off", got "${reference}"`);
  }
  return {
    feedback: feedback === 'on' || feedback === true,
    output: output as OutputFormat,
    steps,
    ...(reference === 'on' ? { reference: true } : {}),
  };
}

export function querySetFrom(options: BenchmarkOptionValues): QuerySet {
  const set = String(options['toolscan-set'] ?? 'main');
  if (!(QUERY_SETS as readonly string[]).includes(set)) {
    throw new Error(`--toolscan-set must be one of ${QUERY_SETS.join(', ')}, got "${set}"`);
  }
  return set as QuerySet;
}
