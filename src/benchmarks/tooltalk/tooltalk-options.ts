/** The flags ToolTalk adds to `run` and `validate`, and their resolved values. */
import type { BenchmarkOption, BenchmarkOptionValues } from '../../spec/index.js';
import type { ComparisonMode } from './comparators.js';
import { DEFAULT_MAX_CALLS_PER_TURN, TOOL_SETS, type ToolSetChoice } from './tooltalk-option-constants.js';

export const TOOLTALK_OPTIONS: readonly BenchmarkOption[] = [
  {
    flag: 'tooltalk-mode',
    description:
      "default: the fixed evaluator (see README); reference-compatible: the reference evaluator's numbers, quirks included",
    commands: ['run', 'validate', 'rescore'],
    type: 'string',
    choices: ['default', 'reference-compatible'],
    default: 'default',
  },
  {
    flag: 'tooltalk-tools',
    description: 'tools offered to the model: exact (those the conversation uses), suite (their plugins) or all 28',
    commands: ['run', 'validate'],
    type: 'string',
    choices: [...TOOL_SETS],
    default: 'all',
  },
  {
    flag: 'tooltalk-no-docs',
    description: "the paper's ablation: blank tool and argument descriptions (names, types and enums stay)",
    commands: ['run', 'validate'],
    type: 'boolean',
    default: false,
  },
  {
    flag: 'tooltalk-max-calls',
    description: `cap on tool calls per assistant turn (the reference has none); hitting it is recorded`,
    commands: ['run', 'validate'],
    type: 'string',
    default: String(DEFAULT_MAX_CALLS_PER_TURN),
  },
  {
    flag: 'tooltalk-recorded',
    description:
      "with --agent recorded: a folder the reference's evaluate_openai.py wrote (--output_dir), whose predictions are replayed and scored",
    commands: ['run'],
    type: 'string',
  },
];

export interface ToolTalkSettings {
  readonly mode: ComparisonMode;
  readonly toolSet: ToolSetChoice;
  readonly documentation: boolean;
  readonly maxCallsPerTurn: number;
  /** `--tooltalk-recorded`: the reference output folder the `recorded` agent replays, if given. */
  readonly recordedFolder?: string;
}

export function toolTalkSettings(options: BenchmarkOptionValues): ToolTalkSettings {
  const mode = options['tooltalk-mode'] ?? 'default';
  if (mode !== 'default' && mode !== 'reference-compatible') {
    throw new Error(`--tooltalk-mode must be default or reference-compatible, got ${String(mode)}`);
  }
  const toolSet = options['tooltalk-tools'] ?? 'all';
  if (typeof toolSet !== 'string' || !(TOOL_SETS as readonly string[]).includes(toolSet)) {
    throw new Error(`--tooltalk-tools must be one of ${TOOL_SETS.join(', ')}, got ${String(toolSet)}`);
  }
  const cap = Number(options['tooltalk-max-calls'] ?? DEFAULT_MAX_CALLS_PER_TURN);
  if (!Number.isInteger(cap) || cap < 1) {
    throw new Error(
      `--tooltalk-max-calls must be a whole number of at least 1, got ${String(options['tooltalk-max-calls'])}`,
    );
  }
  return {
    mode,
    toolSet: toolSet as ToolSetChoice,
    documentation: options['tooltalk-no-docs'] !== true,
    maxCallsPerTurn: cap,
    ...(typeof options['tooltalk-recorded'] === 'string' ? { recordedFolder: options['tooltalk-recorded'] } : {}),
  };
}
