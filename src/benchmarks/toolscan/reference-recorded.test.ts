import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { findEnvironment } from '../../domains/toolscan/index.js';
import { ModelAgent, PromptModeAdapter } from '../../models/index.js';
import type { ModelAdapter, ModelResponse } from '../../spec/index.js';
import { loadToolscanQueries } from './load-cases.js';
import { playQuery, stepsTaken } from './play.js';
import { referenceGold } from './reference-counting.js';
import { scoreEpisode } from './score.js';

/**
 * `--toolscan-reference on` against the reference code's own counting: the scripted episodes of
 * `test/fixtures/toolscan-reference/episodes.json` were run through the reference's step loop and
 * `ErrorMetric` (`scripts/record-toolscan-reference.py`, see the fixture README); here the same agent
 * outputs are played through toolgauge in prompt mode (`--toolscan-output text`) and scored with
 * `reference: true`, and every recorded figure is compared.
 *
 * Mapping: a step the reference read as a call (`parse_action` gave a name and a dictionary) is given to
 * toolgauge as that call in its own text format (`Action:` / `Action Input:` lines, the arguments as
 * JSON); a step the reference could not read is given as the raw output, which toolgauge's text mode
 * takes as a call in a broken format (IFE). Episodes whose play the reference's loop changes in ways a
 * scorer cannot follow carry a `divergence` (listed in docs/toolscan.md); for them the test asserts that
 * the figures do differ, so the list stays true.
 */
const FOLDER = new URL('../../../test/fixtures/toolscan-reference/', import.meta.url);

interface Episode {
  readonly id: string;
  readonly query: string;
  readonly feedback: boolean;
  readonly steps: number;
  readonly outputs: readonly string[];
  readonly divergence?: string;
}
interface Recorded {
  readonly id: string;
  readonly success: boolean;
  readonly steps: number;
  readonly errors: Readonly<Record<string, number>>;
  readonly read: readonly { extracted: unknown; parsed: [string, unknown] | null }[];
}
interface Context {
  readonly apis: Record<string, Record<string, { parameters: Record<string, { type: string; required: boolean }> }>>;
  readonly queries: Record<string, { environment: string; gold: Record<string, Record<string, unknown>[]>[] }>;
}

const episodes = (JSON.parse(readFileSync(new URL('episodes.json', FOLDER), 'utf8')) as { episodes: Episode[] })
  .episodes;
const recording = JSON.parse(readFileSync(new URL('reference-results.json', FOLDER), 'utf8')) as {
  context: Context;
  episodes: Recorded[];
};
const recordedById = new Map(recording.episodes.map((episode) => [episode.id, episode]));
const cases = new Map(loadToolscanQueries(undefined, 'all').cases.map((item) => [item.id, item]));

/** The reference's figures and toolgauge's names for them. */
const FIGURES = [
  ['iac', 'IAC'],
  ['iav', 'IAV'],
  ['ifn', 'IFN'],
  ['ian', 'IAN'],
  ['iat', 'IAT'],
  ['fe', 'IFE'],
  ['rc', 'RAC'],
] as const;

/** What toolgauge's model sees for each step: the reference's reading in toolgauge's text format. */
function toolgaugeOutputs(episode: Episode, recorded: Recorded): string[] {
  return episode.outputs.map((raw, index) => {
    const parsed = recorded.read[index]?.parsed;
    if (parsed && typeof parsed[1] === 'object' && parsed[1] !== null && !Array.isArray(parsed[1])) {
      return `Action: ${parsed[0]}\nAction Input: ${JSON.stringify(parsed[1])}`;
    }
    return raw;
  });
}

function standInModel(id: string, outputs: readonly string[]): ModelAdapter {
  let next = 0;
  return {
    id: `reference-recorded:${id}`,
    async generate(): Promise<ModelResponse> {
      const text = outputs[next] ?? '';
      next += 1;
      return { text, toolCalls: [], usage: { inputTokens: 0, outputTokens: 0 }, finishReason: 'stop' };
    },
  };
}

interface Comparison {
  readonly id: string;
  readonly differences: readonly string[];
  readonly figures: number;
}

async function compare(episode: Episode): Promise<Comparison> {
  const recorded = recordedById.get(episode.id);
  const item = cases.get(episode.query);
  if (!recorded || !item) throw new Error(`${episode.id}: no recording or unknown query ${episode.query}`);
  const settings = { feedback: episode.feedback, output: 'text', steps: episode.steps, reference: true } as const;
  const agent = new ModelAgent(new PromptModeAdapter(standInModel(episode.id, toolgaugeOutputs(episode, recorded))));
  const { trajectory } = await playQuery(item, agent, settings);
  const score = scoreEpisode(trajectory, item.query, item.environment, settings);
  const differences: string[] = [];
  const check = (name: string, expected: unknown, actual: unknown) => {
    const same =
      typeof expected === 'number' && typeof actual === 'number'
        ? Math.abs(expected - actual) < 1e-9
        : expected === actual;
    if (!same) differences.push(`${name} ${String(expected)}≠${String(actual)}`);
  };
  check('success', recorded.success, score.success);
  check('steps', recorded.steps, Math.min(stepsTaken(trajectory.messages), episode.steps));
  for (const [theirs, ours] of FIGURES) check(ours, recorded.errors[theirs], score.scores[ours]);
  return { id: episode.id, differences, figures: 2 + FIGURES.length };
}

describe('--toolscan-reference on, against the reference code (recorded)', () => {
  it('has a recording for every episode, made on the current APIs and gold', () => {
    expect(episodes.length).toBeGreaterThanOrEqual(40);
    for (const episode of episodes) expect(recordedById.has(episode.id), episode.id).toBe(true);
    for (const [id, recorded] of Object.entries(recording.context.queries)) {
      const item = cases.get(id);
      expect(item, id).toBeDefined();
      const gold = item?.query.trajectories.map((trajectory) => {
        const byApi: Record<string, Record<string, unknown>[]> = {};
        for (const call of trajectory) byApi[call.api] = [...(byApi[call.api] ?? []), referenceGold(call)];
        return byApi;
      });
      // `"optional"` arguments are the ones the reference drops, as referenceGold does.
      const recordedGold = recorded.gold.map((byApi) =>
        Object.fromEntries(
          Object.entries(byApi).map(([api, list]) => [
            api,
            list.map((args) => Object.fromEntries(Object.entries(args).filter(([, value]) => value !== 'optional'))),
          ]),
        ),
      );
      expect(gold, id).toEqual(recordedGold);
    }
    for (const [environment, apis] of Object.entries(recording.context.apis)) {
      const tools = findEnvironment(environment)?.tools ?? [];
      expect(Object.keys(apis).sort(), environment).toEqual(tools.map((tool) => tool.name).sort());
      for (const tool of tools) {
        const schema = tool.parameters as { properties?: Record<string, unknown>; required?: string[] };
        const recorded = apis[tool.name]?.parameters ?? {};
        expect(Object.keys(recorded).sort(), tool.name).toEqual(Object.keys(schema.properties ?? {}).sort());
        for (const [name, parameter] of Object.entries(recorded)) {
          expect(parameter.required, `${tool.name}.${name}`).toBe((schema.required ?? []).includes(name));
        }
      }
    }
  });

  it('agrees on every recorded figure, except where the play itself diverges (documented)', async () => {
    const results = await Promise.all(episodes.map(async (episode) => ({ episode, result: await compare(episode) })));
    const unexpected = results
      .filter(({ episode, result }) => !episode.divergence && result.differences.length > 0)
      .map(({ result }) => `${result.id}: ${result.differences.join(', ')}`);
    const stale = results
      .filter(({ episode, result }) => episode.divergence && result.differences.length === 0)
      .map(({ result }) => result.id);
    if (process.env.TOOLGAUGE_REFERENCE_REPORT) {
      const figures = results.reduce((sum, { result }) => sum + result.figures, 0);
      const wrong = results.reduce((sum, { result }) => sum + result.differences.length, 0);
      const agreeing = results.filter(({ result }) => result.differences.length === 0).length;
      console.log(`${agreeing}/${results.length} episodes agree; ${figures - wrong}/${figures} figures`);
      for (const { episode, result } of results) {
        if (result.differences.length > 0) {
          console.log(`${episode.divergence ? 'known' : 'DIFF '} ${result.id}: ${result.differences.join(', ')}`);
        }
      }
    }
    expect(unexpected).toEqual([]);
    expect(stale).toEqual([]);
  });
});
