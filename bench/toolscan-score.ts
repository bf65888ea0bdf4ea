/**
 * Scoring throughput of ToolScan: plays every built-in query (the 150 main ones and the 60 irrelevance
 * variants) once with the oracle and once with a flawed agent (an unknown function, a wrong argument
 * type, a repeat, a missing call), then scores 10,000 of those episodes (cycling through them) and
 * prints episodes per second. Scoring is the seven patterns against every gold trajectory plus the
 * answer check; playing is measured separately.
 *
 *   node bench/toolscan-score.ts        (after `npm run build`)
 */
import { loadToolscanQueries, oracleAgent, playQuery, scoreEpisode } from '../dist/benchmarks/toolscan/internals.js';
import type { Agent, Trajectory, Turn, TurnRequest } from '../dist/spec/index.js';

const EPISODES = 10_000;
const settings = { feedback: true, output: 'native', steps: 10 } as const;
const { cases } = loadToolscanQueries(undefined, 'all');

function flawedAgent(calls: readonly { api: string; arguments: Record<string, unknown> }[]): Agent {
  const turns: Turn[] = [
    { type: 'tool-calls', calls: [{ id: 'x0', name: 'lookup_everything', arguments: {} }] },
    ...calls.slice(0, -1).flatMap((call, index): Turn[] => [
      { type: 'tool-calls', calls: [{ id: `x${index}a`, name: call.api, arguments: call.arguments }] },
      { type: 'tool-calls', calls: [{ id: `x${index}b`, name: call.api, arguments: call.arguments }] },
    ]),
    { type: 'tool-calls', calls: [{ id: 'xf', name: 'finish', arguments: { answer: 'not sure' } }] },
  ];
  return {
    name: 'flawed',
    async respond(request: TurnRequest): Promise<Turn> {
      const taken = request.messages.filter(
        (message) => message.sender === 'agent' && message.type === 'tool-call',
      ).length;
      return turns[taken] ?? { type: 'text', text: '' };
    },
  };
}

const playStart = performance.now();
const episodes: { trajectory: Trajectory; item: (typeof cases)[number] }[] = [];
for (const item of cases) {
  const first = (item.query.trajectories[0] ?? []).map((call) => ({
    api: call.api,
    arguments: Object.fromEntries(
      Object.entries(call.arguments).map(([key, value]) => [
        key,
        typeof value === 'object' && value !== null && '$any' in value
          ? (value as { $any: unknown }).$any
          : typeof value === 'object' && value !== null && '$near' in value
            ? (value as { $near: number }).$near
            : value,
      ]),
    ),
  }));
  for (const agent of [oracleAgent(item.query), flawedAgent(first)]) {
    const { trajectory } = await playQuery(item, agent, settings);
    episodes.push({ trajectory, item });
  }
}
const playMs = performance.now() - playStart;

// Warm up, then measure.
for (const { trajectory, item } of episodes) scoreEpisode(trajectory, item.query, item.environment);
const start = performance.now();
let successes = 0;
for (let index = 0; index < EPISODES; index += 1) {
  const episode = episodes[index % episodes.length];
  if (!episode) continue;
  if (scoreEpisode(episode.trajectory, episode.item.query, episode.item.environment).success) successes += 1;
}
const scoreMs = performance.now() - start;
console.log(
  `played ${episodes.length} episodes in ${playMs.toFixed(0)} ms (${((episodes.length / playMs) * 1000).toFixed(0)} episodes/s)`,
);
console.log(
  `scored ${EPISODES} episodes in ${scoreMs.toFixed(0)} ms: ${((EPISODES / scoreMs) * 1000).toFixed(0)} episodes/s (${successes} successes)`,
);
