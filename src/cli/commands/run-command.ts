import { type Command, InvalidArgumentError, Option } from 'commander';
import type { ModelClient } from '../../models/providers/create-model-adapter.js';
import { parseScoreThreshold, type ScoreThreshold } from '../../runs/outputs/exit-codes.js';
import { DEFAULT_STORE_PATH } from '../../runs/store/default-store-path.js';
import { addBenchmarkOptions, benchmarkOption } from '../cli-options.js';
import type { RunFlags } from '../run-settings.js';

/**
 * `run`: its flags (read by `--help` and the parser without loading anything else); what it does is
 * `run-action.ts`, imported when the command runs.
 */

export interface RunCommandOptions extends RunFlags {
  client: ModelClient;
  example?: boolean;
  runId?: string;
  resume?: string;
  shard?: { index: number; count: number };
  config?: string;
  json?: boolean;
  embedderBaseUrl?: string;
  failUnder?: ScoreThreshold;
  junit?: string;
  junitPassScore?: number;
  preflight: boolean;
  allowChanged?: string[];
  workers: number;
  agentTurnTimeout?: number;
  agentEpisodeTimeout?: number;
}

export function registerRun(program: Command): void {
  const command = program
    .command('run')
    .description('run a benchmark and store its episodes (default: the sandbox corpus with the oracle agent, offline)')
    .addOption(benchmarkOption())
    .option(
      '--agent <agent>',
      'a built-in agent of the benchmark (oracle, …), a model spec (openai:gpt-4o, anthropic:claude-sonnet-4-0, openai-compatible:llama3), module:./my-agent.js, or an agent of your own served the tools over MCP: command:"python3 my_agent.py" or endpoint:http://… (docs/own-agent.md)',
      'oracle',
    )
    .option(
      '--model <spec>',
      "command:/endpoint: agents: a model toolgauge serves them on an OpenAI-compatible proxy (TOOLGAUGE_MODEL_BASE_URL), metered, cached and priced as a native agent's (its server: --base-url)",
    )
    .option(
      '--agent-turn-timeout <seconds>',
      'command:/endpoint: agents: longest wait for the next tool call or reply (default 120)',
      positiveNumber,
    )
    .option(
      '--agent-episode-timeout <seconds>',
      'command:/endpoint: agents: longest conversation (default 600)',
      positiveNumber,
    )
    .option('--base-url <url>', "the agent model's server (required for openai-compatible)")
    .addOption(
      new Option(
        '--client <client>',
        'HTTP client for openai-compatible models: lean (a keep-alive node:http client, least CPU per request) or ai-sdk (the AI SDK); both send the same requests. Hosted providers always use the AI SDK',
      )
        .choices(['lean', 'ai-sdk'])
        .default('lean'),
    )
    .option(
      '--user <user>',
      "scripted (the benchmark's own user), or a model spec for the LLM user simulator",
      'scripted',
    )
    .option('--user-model <spec>', 'same as --user <spec>')
    .option('--user-base-url <url>', "the user simulator model's server")
    .option('--data <path>', "the benchmark's case files or folder (default: its built-in cases)")
    .option('--scenarios <path>', 'same as --data (the sandbox calls its cases scenarios)')
    .option('--case <glob>', 'only cases whose id matches, e.g. "phone-*/distraction-0"')
    .option('--limit <n>', 'at most n cases', positiveInteger)
    .option('--trials <k>', 'run each case k times', positiveInteger, 1)
    .option('--concurrency <n>', 'episodes at once', positiveInteger, 4)
    .option(
      '--endpoint-concurrency <n>',
      'requests at once per provider endpoint (default: --concurrency)',
      positiveInteger,
    )
    .option('--temperature <t>', 'sampling temperature', nonNegativeNumber, 0)
    .option('--seed <n>', 'sampling seed passed to providers that accept one', integer)
    .option('--max-tokens <n>', 'output token limit per model call', positiveInteger)
    .option('--max-messages <n>', 'message limit per episode (default 30)', positiveInteger)
    .option('--timeout-ms <n>', 'time limit of one model request', positiveInteger)
    .option(
      '--embedder <spec>',
      'the embedder for semantic similarity, for benchmarks that need one (use-lite: the offline default; lexical; openai-compatible:<model>)',
    )
    .option(
      '--embedder-base-url <url>',
      'base URL of the OpenAI-compatible embeddings server for --embedder openai-compatible:<model> (sets TOOLGAUGE_EMBEDDER_BASE_URL)',
    )
    .addOption(
      new Option(
        '--cache <mode>',
        'response cache: use, replay (never ask a model) or off; default use at temperature 0',
      ).choices(['use', 'replay', 'off']),
    )
    .option('--no-cache', 'do not read or write the response cache')
    .option('--max-cost <usd>', 'stop starting episodes once the run has cost this much', nonNegativeNumber)
    .option('--db <file>', 'the store: a SQLite file, or postgres://user@host:port/db', DEFAULT_STORE_PATH)
    .option('--workers <n>', 'worker processes that play the run together, sharing its store', positiveInteger, 1)
    .option('--run-id <id>', 'name the run; repeating a command with the same id continues it')
    .option('--resume <run-id>', 'continue a stored run with its stored settings')
    .option('--shard <i/n>', 'play only slice i of n (0-based) so machines can share a run', parseShard)
    .option('--config <file>', 'a toolgauge.config.{ts,json,yaml} (default: the one in this folder, if any)')
    .option('--json', 'print the run report as JSON')
    .option(
      '--fail-under <score>',
      'exit 4 when the headline metric is below <score> (or <metric>=<score>, e.g. precision=0.8)',
      scoreThreshold,
    )
    .option('--junit <file>', 'also write the run as JUnit XML (one test case per episode) for CI dashboards')
    .option(
      '--junit-pass-score <n>',
      'in --junit, a scored episode below this is a failure (default: the --fail-under score, or 1)',
      nonNegativeNumber,
    )
    .option('--no-preflight', 'skip checking keys, URLs and one tiny request per model before the run')
    .option(
      '--allow-changed <field...>',
      'with --resume (or a reused --run-id): accept a changed setting, e.g. trials or baseUrl',
    )
    .option('--example', 'play the tiny built-in example episode instead and print its trajectory');
  addBenchmarkOptions(command, 'run').action(async (options: RunCommandOptions, command: Command) => {
    const { runRun } = await import('./run-action.js');
    await runRun(options, command);
  });
}

function scoreThreshold(value: string): ScoreThreshold {
  try {
    return parseScoreThreshold(value);
  } catch (error) {
    throw new InvalidArgumentError(error instanceof Error ? error.message : String(error));
  }
}

function positiveInteger(value: string): number {
  const number = Number(value);
  if (!Number.isInteger(number) || number < 1)
    throw new InvalidArgumentError(`"${value}" is not a positive whole number`);
  return number;
}

function integer(value: string): number {
  const number = Number(value);
  if (!Number.isInteger(number)) throw new InvalidArgumentError(`"${value}" is not a whole number`);
  return number;
}

function positiveNumber(value: string): number {
  const number = Number(value);
  if (!Number.isFinite(number) || number <= 0) throw new InvalidArgumentError(`"${value}" is not a number > 0`);
  return number;
}

function nonNegativeNumber(value: string): number {
  const number = Number(value);
  if (!Number.isFinite(number) || number < 0) throw new InvalidArgumentError(`"${value}" is not a number ≥ 0`);
  return number;
}

function parseShard(value: string): { index: number; count: number } {
  const match = /^(\d+)\/(\d+)$/.exec(value);
  const index = Number(match?.[1]);
  const count = Number(match?.[2]);
  if (!match || count < 1 || index >= count) {
    throw new InvalidArgumentError(`"${value}" is not a shard like 0/4 (index from 0 to count − 1)`);
  }
  return { index, count };
}
