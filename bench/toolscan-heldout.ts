/**
 * ToolScan's held-out check: scripted episodes with hand-computed figures, written by someone who does
 * not read the scorer (`heldout/toolscan/*.json`), played through the real engine and scored by the real
 * scorer. Prints, per episode, expected vs actual for success, calls, each pattern count, IAC, IAV and
 * call precision, then how many figures agree.
 *
 *   node bench/toolscan-heldout.ts [--dir <folder>] [--only <episode-id>] [--json]     (after `npm run build`)
 *
 * Native episodes are played by a scripted agent (each turn's calls as tool calls, a `text` turn as a text
 * reply); prompt-mode episodes (`output` "json" or "text") by a stand-in model that returns each turn's
 * raw text, wrapped in the real prompt-mode adapter, with `--toolscan-output` set to the episode's
 * output. A figure the scorer does not compute (yet) prints as n/a and counts as a disagreement.
 *
 * File format: `{ "author": "...", "episodes": [ { id, query, feedback: "on"|"off", output:
 * "native"|"json"|"text", turns: [ { calls: [ { name, arguments } ] } | { text } ], expected: { success,
 * calls, patterns: { IFN, IAN, IAT, IFE, RAC }, IAC, IAV, call_precision, explanation } } ] }`.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadToolscanQueries, playQuery, scoreEpisode } from '../dist/benchmarks/toolscan/internals.js';
import { ModelAgent, PromptModeAdapter } from '../dist/models/index.js';
import type { Agent, ModelAdapter, ModelResponse, Turn } from '../dist/spec/index.js';

interface ScriptedTurn {
  readonly calls?: readonly { readonly name: string; readonly arguments: unknown }[];
  readonly text?: string;
}
interface Expected {
  readonly success: boolean;
  readonly calls: number;
  readonly patterns: Readonly<Record<string, number>>;
  readonly IAC: number | null;
  readonly IAV: number | null;
  readonly call_precision?: number | null;
  readonly explanation?: string;
}
interface Episode {
  readonly id: string;
  readonly query: string;
  readonly feedback: 'on' | 'off';
  readonly output: 'native' | 'json' | 'text';
  readonly turns: readonly ScriptedTurn[];
  readonly expected: Expected;
}

const args = process.argv.slice(2);
const flag = (name: string) => {
  const index = args.indexOf(name);
  return index >= 0 ? args[index + 1] : undefined;
};
const folder = flag('--dir') ?? fileURLToPath(new URL('../heldout/toolscan/', import.meta.url));
const only = flag('--only');
const asJson = args.includes('--json');
const PATTERN_NAMES = ['IFN', 'IAN', 'IAT', 'IFE', 'RAC'] as const;
const TOLERANCE = 0.0015;

/** Native mode: one scripted turn per agent turn, in order; an empty text once the script is spent. */
function scriptedAgent(id: string, turns: readonly ScriptedTurn[]): Agent {
  let next = 0;
  return {
    name: `heldout:${id}`,
    async respond(): Promise<Turn> {
      const turn = turns[next];
      next += 1;
      if (!turn) return { type: 'text', text: '' };
      if (turn.calls) {
        return {
          type: 'tool-calls',
          calls: turn.calls.map((call, index) => ({
            id: `h${next}_${index}`,
            name: call.name,
            arguments: call.arguments as Record<string, unknown>,
          })),
        };
      }
      return { type: 'text', text: turn.text ?? '' };
    },
  };
}

/** Prompt mode: a stand-in model returning each turn's raw text, behind the real prompt-mode adapter. */
function promptModeAgent(id: string, turns: readonly ScriptedTurn[]): Agent {
  let next = 0;
  const model: ModelAdapter = {
    id: `heldout:${id}`,
    async generate(): Promise<ModelResponse> {
      const turn = turns[next];
      next += 1;
      const text = turn?.text ?? (turn?.calls ? JSON.stringify(turn.calls[0] ?? {}) : '');
      return { text, toolCalls: [], usage: { inputTokens: 0, outputTokens: 0 }, finishReason: 'stop' };
    },
  };
  return new ModelAgent(new PromptModeAdapter(model));
}

function same(expected: unknown, actual: unknown): boolean {
  if (expected === null || actual === null || expected === undefined || actual === undefined) {
    return (expected ?? null) === (actual ?? null);
  }
  if (typeof expected === 'number' && typeof actual === 'number') return Math.abs(expected - actual) <= TOLERANCE;
  return expected === actual;
}

function show(value: unknown): string {
  if (value === undefined) return 'n/a';
  if (value === null) return 'null';
  if (typeof value === 'number' && !Number.isInteger(value)) return value.toFixed(3);
  return String(value);
}

const files = (await readdir(folder)).filter((name) => name.endsWith('.json')).sort();
if (files.length === 0) {
  console.error(`no held-out files in ${folder}`);
  process.exit(1);
}
const { cases } = loadToolscanQueries(undefined, 'all');
const byId = new Map(cases.map((item) => [item.id, item]));
let agree = 0;
let disagree = 0;
const episodeRows: unknown[] = [];
let episodesAllAgree = 0;
let episodes = 0;
for (const file of files) {
  const content = JSON.parse(await readFile(join(folder, file), 'utf8')) as { author?: string; episodes: Episode[] };
  for (const episode of content.episodes) {
    if (only && episode.id !== only) continue;
    const item = byId.get(episode.query);
    if (!item) {
      console.log(`${file} ${episode.id}: unknown query ${episode.query}`);
      disagree += 1;
      continue;
    }
    const settings = { feedback: episode.feedback !== 'off', output: episode.output ?? 'native', steps: 10 } as const;
    const agent =
      settings.output === 'native'
        ? scriptedAgent(episode.id, episode.turns)
        : promptModeAgent(episode.id, episode.turns);
    const { trajectory } = await playQuery(item, agent, settings);
    const score = scoreEpisode(trajectory, item.query, item.environment) as ReturnType<typeof scoreEpisode> & {
      callPrecision?: number | null;
    };
    const actual: Record<string, unknown> = {
      success: score.success,
      calls: score.calls,
      ...Object.fromEntries(PATTERN_NAMES.map((name) => [name, score.counts[name]])),
      IAC: score.scores.IAC,
      IAV: score.scores.IAV,
      call_precision: 'callPrecision' in score ? score.callPrecision : undefined,
    };
    const expected: Record<string, unknown> = {
      success: episode.expected.success,
      calls: episode.expected.calls,
      ...Object.fromEntries(PATTERN_NAMES.map((name) => [name, episode.expected.patterns[name] ?? 0])),
      IAC: episode.expected.IAC,
      IAV: episode.expected.IAV,
      call_precision: episode.expected.call_precision,
    };
    const fields = Object.keys(expected).map((name) => {
      const ok = same(expected[name], actual[name]);
      if (ok) agree += 1;
      else disagree += 1;
      return { name, expected: expected[name], actual: actual[name], ok };
    });
    episodes += 1;
    if (fields.every((field) => field.ok)) episodesAllAgree += 1;
    episodeRows.push({ file, id: episode.id, query: episode.query, output: settings.output, fields });
    if (!asJson) {
      const mark = fields.every((field) => field.ok) ? 'ok  ' : 'DIFF';
      const cells = fields
        .map((field) => `${field.name} ${show(field.expected)}${field.ok ? '' : `≠${show(field.actual)}`}`)
        .join(' | ');
      console.log(
        `${mark} ${episode.id} (${episode.query}, ${settings.output}, feedback ${episode.feedback}): ${cells}`,
      );
    }
  }
}
if (asJson) console.log(JSON.stringify({ episodes: episodeRows, agree, disagree }, null, 2));
else {
  console.log(
    `\n${episodes} episodes: ${episodesAllAgree} agree on every figure; figures agreeing ${agree}, disagreeing ${disagree}`,
  );
}
