/**
 * The milestone matcher's worst case: 12 milestones over an 80-message trajectory, scored with real
 * constraints (table states, row additions relative to the previous milestone, tool calls, messages),
 * guardrails and references. Prints the time per evaluation for a chain and for a wider DAG.
 *
 *   node bench/matcher.ts        (after `npm run build`)
 */
import { ReplayAgent } from '../dist/agents/index.js';
import type { MilestoneGraphSpec, MilestoneSpec } from '../dist/benchmarks/sandbox/milestones/index.js';
import { evaluateEpisode } from '../dist/benchmarks/sandbox/milestones/index.js';
import { demoDomain, demoWorldRows } from '../dist/domains/demo/index.js';
import { endConversationTool, runEpisode } from '../dist/engine/index.js';
import type { Turn } from '../dist/spec/index.js';
import { ToolRegistry, ToolSet } from '../dist/tools/index.js';
import { ScriptedUser } from '../dist/users/index.js';
import { defineWorldSchema, EpisodeClock, WorldSnapshot } from '../dist/world/index.js';

const registry = new ToolRegistry([...demoDomain.tools, endConversationTool]);
const schema = defineWorldSchema(demoDomain.tables);
const turns: Turn[] = [{ type: 'tool-calls', calls: [{ id: 'w', name: 'set_wifi', arguments: { on: true } }] }];
for (let index = 0; index < 37; index += 1) {
  turns.push({
    type: 'tool-calls',
    calls: [{ id: `p${index}`, name: 'post_notice', arguments: { text: `notice number ${index}` } }],
  });
}
turns.push({ type: 'text', text: 'I posted all thirty-seven notices.' });

const trajectory = await runEpisode({
  episodeId: 'bench',
  agent: new ReplayAgent(turns),
  user: new ScriptedUser([]),
  agentTools: ToolSet.fromRegistry(registry, 'agent'),
  userTools: ToolSet.fromRegistry(registry, 'user'),
  world: WorldSnapshot.create(schema, demoWorldRows()),
  clock: new EpisodeClock(1_800_000_000, 'UTC'),
  seed: 'bench',
  seededMessages: [{ type: 'text', sender: 'user', recipient: 'agent', text: 'Post the notices.' }],
  maxMessages: 80,
});

const milestones: MilestoneSpec[] = [
  { id: 'm0', constraints: [{ type: 'table', table: 'device', rows: [{ wifi: true }] }] },
];
for (let index = 1; index < 11; index += 1) {
  const target = index * 3;
  milestones.push({
    id: `m${index}`,
    constraints: [
      {
        type: 'rows-added',
        table: 'notices',
        // The notices posted since the previous milestone: 3i-2 … 3i (and notice 0 for the first).
        rows: Array.from({ length: index === 1 ? 4 : 3 }, (_, offset) => ({
          text: `notice number ${target - (index === 1 ? 3 : 2) + offset}`,
        })),
        since: `m${index - 1}`,
      },
      { type: 'tool-call', tool: 'post_notice', arguments: { text: `notice number ${target}` } },
    ],
  });
}
milestones.push({
  id: 'm11',
  constraints: [{ type: 'message', from: 'agent', text: 'I posted all thirty-seven notices.' }],
});

const chain: MilestoneGraphSpec = { milestones };
const wide: MilestoneGraphSpec = {
  milestones: milestones.map((milestone) => ({
    ...milestone,
    constraints: milestone.constraints.map((constraint) =>
      constraint.type === 'rows-added' ? { ...constraint, since: 'm0' } : constraint,
    ),
  })),
  edges: [
    ...milestones.slice(1, 11).map((milestone) => ['m0', milestone.id] as const),
    ...milestones.slice(1, 11).map((milestone) => [milestone.id, 'm11'] as const),
  ],
};

function measure(label: string, graph: MilestoneGraphSpec): void {
  let result = evaluateEpisode(trajectory, schema, graph);
  const runs = 5;
  const started = performance.now();
  for (let index = 0; index < runs; index += 1) result = evaluateEpisode(trajectory, schema, graph);
  const milliseconds = (performance.now() - started) / runs;
  console.log(
    `${label}: ${graph.milestones.length} milestones over ${trajectory.messages.length} messages: ${milliseconds.toFixed(1)} ms per evaluation (score ${result.milestoneScore.toFixed(3)})`,
  );
}

measure('chain     ', chain);
measure('fan-out/in', wide);
