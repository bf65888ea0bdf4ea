// Written by `TOOLGAUGE_WRITE_CATALOG=1 npx vitest run src/benchmarks/registry.test.ts` (then biome format);
// do not edit.
/**
 * Each registered benchmark's id, title and options, as its module declares them: what the command line
 * needs (`--help`, flag parsing) without importing the benchmark. The registry's test keeps it equal to
 * the benchmarks themselves.
 */
import type { BenchmarkDescriptor } from './registry.js';

export const BENCHMARK_CATALOG: readonly BenchmarkDescriptor[] = [
  {
    id: 'sandbox',
    title: 'ToolSandbox',
    simulatedUser: true,
    options: [
      {
        flag: 'corpus',
        description:
          "a named corpus instead of the built-in scenarios: toolsandbox (the paper's 129 scenarios × 8 augmentations, scored by the paper's rules unless --scoring says otherwise)",
        commands: ['run', 'list', 'validate'],
        type: 'string',
        choices: ['toolsandbox'],
      },
      {
        flag: 'category',
        description: 'only cases in these categories',
        commands: ['run', 'list'],
        type: 'string',
        multiple: true,
        choices: [
          'single_tool_call',
          'multiple_tool_call',
          'single_user_turn',
          'multiple_user_turn',
          'state_dependency',
          'canonicalization',
          'insufficient_information',
        ],
      },
      {
        flag: 'augmentation',
        description: 'only these tool augmentations',
        commands: ['run', 'list'],
        type: 'string',
        multiple: true,
        choices: [
          'distraction-0',
          'distraction-3',
          'distraction-10',
          'distraction-all',
          'scrambled-tool-name',
          'scrambled-tool-description',
          'scrambled-arg-description',
          'scrambled-arg-type',
          'scrambled-arg-name',
        ],
      },
      {
        flag: 'scoring',
        description:
          "how sandbox answers are scored: facts (an answer is scored by the facts it states) or paper (ROUGE-L against the reference answer, as in ToolSandbox); default: the corpus's own (paper for --corpus toolsandbox), else facts",
        commands: ['run', 'validate', 'rescore'],
        type: 'string',
        choices: ['facts', 'paper'],
      },
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
    ],
  },
  {
    id: 'tooltalk',
    title: 'ToolTalk',
    options: [
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
        choices: ['exact', 'suite', 'all'],
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
        description: 'cap on tool calls per assistant turn (the reference has none); hitting it is recorded',
        commands: ['run', 'validate'],
        type: 'string',
        default: '20',
      },
      {
        flag: 'tooltalk-recorded',
        description:
          "with --agent recorded: a folder the reference's evaluate_openai.py wrote (--output_dir), whose predictions are replayed and scored",
        commands: ['run'],
        type: 'string',
      },
    ],
  },
  {
    id: 'toolscan',
    title: 'ToolScan',
    options: [
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
        choices: ['native', 'json', 'text'],
        default: 'native',
      },
      {
        flag: 'toolscan-steps',
        description: 'Step budget per query (default 10, as the paper).',
        commands: ['run', 'validate'],
        type: 'string',
        default: '10',
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
        choices: ['main', 'irrelevance', 'all'],
        default: 'main',
      },
    ],
  },
  {
    id: 'teval',
    title: 'T-Eval',
    options: [
      {
        flag: 'teval-protocol',
        description:
          'T-Eval scorer version: v1 (the paper: plan threshold 0.7, UNDERSTAND by embedding similarity) or v2 (the repository: 0.8, exact arguments)',
        commands: ['run', 'validate', 'rescore'],
        type: 'string',
        choices: ['v1', 'v2'],
        default: 'v1',
      },
      {
        flag: 'teval-quirks',
        description:
          "fixed (repair the reference scorer's defects: the LIS floor, the 1e-5 denominator, plan-matching ties, JSON REVIEW that never scores) or faithful (reproduce them, as proven against the reference's code)",
        commands: ['run', 'validate', 'rescore'],
        type: 'string',
        choices: ['fixed', 'faithful'],
        default: 'fixed',
      },
    ],
  },
  {
    id: 'example',
    title: 'Example',
    hidden: true,
    options: [
      {
        flag: 'example-kind',
        description: 'only items of this kind',
        commands: ['run', 'list', 'validate'],
        type: 'string',
        choices: ['conversion', 'lookup'],
      },
    ],
  },
];
