import { describe, expect, it } from 'vitest';
import { ReplayAgent } from '../agents/index.js';
import { demoDomain, demoWorldRows } from '../domains/demo/index.js';
import { ModelAgent } from '../models/index.js';
import type { Agent, NewMessage, ToolResultMessage, Trajectory, TrajectoryEvent, Turn, User } from '../spec/index.js';
import { InfrastructureError } from '../spec/index.js';
import { ScriptedModel, type ScriptedReply } from '../testing/scripted-model.js';
import { ToolRegistry, ToolSet } from '../tools/index.js';
import { ScriptedUser } from '../users/index.js';
import { defineWorldSchema, EpisodeClock, WorldSnapshot, worldAtMessage } from '../world/index.js';
import { endConversationTool } from './end-conversation.js';
import { runEpisode } from './episode.js';

const registry = new ToolRegistry([...demoDomain.tools, endConversationTool]);
const schema = defineWorldSchema(demoDomain.tables);
const opening: NewMessage[] = [
  { type: 'text', sender: 'system', recipient: 'agent', text: 'You help with the notice board.' },
  { type: 'text', sender: 'user', recipient: 'agent', text: 'Post "lunch at 1" please.' },
];

function play(
  agent: Agent,
  options: { user?: User; maxMessages?: number; seed?: string; onEvent?: (event: TrajectoryEvent) => void } = {},
) {
  return runEpisode({
    episodeId: 'e1',
    agent,
    user: options.user ?? new ScriptedUser([]),
    agentTools: ToolSet.fromRegistry(registry, 'agent'),
    userTools: ToolSet.fromRegistry(registry, 'user'),
    world: WorldSnapshot.create(schema, demoWorldRows()),
    clock: new EpisodeClock(1_800_000_000, 'Europe/Paris'),
    seed: options.seed ?? 'seed-1',
    seededMessages: opening,
    ...(options.maxMessages === undefined ? {} : { maxMessages: options.maxMessages }),
    ...(options.onEvent ? { onEvent: options.onEvent } : {}),
  });
}

const calls = (...list: [string, Record<string, unknown> | string][]): ScriptedReply => ({
  toolCalls: list.map(([name, args]) => ({ name, arguments: args })),
});

const withoutTiming = (trajectory: Trajectory) => ({ ...trajectory, timing: undefined });

describe('episode loop', () => {
  it('returns an unknown tool as an error naming the available tools, and the episode goes on', async () => {
    const model = new ScriptedModel([
      calls(['post_to_board', { text: 'lunch at 1' }]),
      calls(['set_wifi', { on: true }]),
      calls(['post_notice', { text: 'lunch at 1' }]),
      'Posted.',
    ]);
    const trajectory = await play(new ModelAgent(model));
    expect(trajectory.termination).toEqual({ type: 'user-ended' });
    const first = trajectory.traces[0];
    expect(first?.outcome.type === 'error' && first.outcome.error.kind).toBe('unknown-tool');
    expect(first?.outcome.type === 'error' && first.outcome.error.hint).toContain('post_notice, set_wifi');
    // The model was shown the error as a tool message and carried on.
    const secondRequest = model.requests[1];
    expect(secondRequest?.messages.at(-1)).toMatchObject({ role: 'tool', isError: true });
    expect(trajectory.diagnostics.counts.IFN).toBe(1);
    const world = worldAtMessage(schema, trajectory, trajectory.messages.length - 1);
    expect(world.rows('notices').map((row) => row.text)).toEqual(['lunch at 1']);
  });

  it('lets the next speaker be the recipient of the last message, and each role see only its view', async () => {
    const model = new ScriptedModel([calls(['get_wifi', {}]), 'Wifi is off.']);
    const userViews: number[][] = [];
    const user: User = {
      name: 'watcher',
      async respond(request) {
        userViews.push(request.messages.map((message) => message.index));
        return { type: 'tool-calls', calls: [{ id: 'end', name: 'end_conversation', arguments: {} }] };
      },
    };
    const trajectory = await play(new ModelAgent(model), { user });
    expect(trajectory.messages.map((m) => `${m.sender}>${m.recipient}`)).toEqual([
      'system>agent',
      'user>agent',
      'agent>executor',
      'executor>agent',
      'agent>user',
      'user>executor',
      'executor>user',
    ]);
    // The user saw its opening line and the agent's answer, never the system prompt or tool traffic.
    expect(userViews).toEqual([[1, 4]]);
    // The agent never sees the user's end_conversation call.
    expect(model.requests[1]?.messages.map((m) => m.role)).toEqual(['system', 'user', 'assistant', 'tool']);
  });

  it('only the user has end_conversation', async () => {
    const model = new ScriptedModel([calls(['end_conversation', {}]), 'ok']);
    const trajectory = await play(new ModelAgent(model));
    const trace = trajectory.traces[0];
    expect(trace?.outcome.type === 'error' && trace.outcome.error.kind).toBe('unknown-tool');
    expect(trajectory.termination.type).toBe('user-ended');
    expect(trajectory.traces.at(-1)?.caller).toBe('user');
  });

  it('ends at the message limit, counting only new messages', async () => {
    const chatty = new ScriptedModel(() => calls(['get_wifi', {}]));
    const trajectory = await play(new ModelAgent(chatty), { maxMessages: 5 });
    expect(trajectory.termination).toEqual({ type: 'max-messages', limit: 5 });
    expect(trajectory.messages.length - trajectory.firstEpisodeMessage).toBe(5);
  });

  it('records an agent crash as agent failure and a provider outage as infrastructure failure', async () => {
    const broken = await play(new ModelAgent(new ScriptedModel([{ error: new Error('bad reply') }])));
    expect(broken.termination).toEqual({ type: 'agent-failure', message: 'scripted:model: bad reply' });
    const outage = await play(new ModelAgent(new ScriptedModel([{ error: new InfrastructureError('HTTP 503') }])));
    expect(outage.termination).toMatchObject({ type: 'infrastructure-failure', role: 'agent' });
    const brokenUser: User = { name: 'u', respond: () => Promise.reject(new Error('simulator down')) };
    const userFailure = await play(new ReplayAgent([{ type: 'text', text: 'hi' }]), { user: brokenUser });
    expect(userFailure.termination).toMatchObject({ type: 'infrastructure-failure', role: 'user' });
  });

  it('applies the parallel-call rule to a batch: enabling wifi and posting at once fails', async () => {
    const model = new ScriptedModel([
      calls(['set_wifi', { on: true }], ['post_notice', { text: 'lunch at 1' }]),
      'Done.',
    ]);
    const trajectory = await play(new ModelAgent(model));
    const results = trajectory.messages.filter(
      (message): message is ToolResultMessage => message.type === 'tool-result' && message.recipient === 'agent',
    );
    expect(results.map((message) => message.toolName)).toEqual(['post_notice', 'set_wifi']);
    expect(results[0]?.outcome.type).toBe('error');
    // The assistant turn with both calls went to the model as one message.
    expect(model.requests[1]?.messages[2]).toMatchObject({
      role: 'assistant',
      toolCalls: [{ name: 'set_wifi' }, { name: 'post_notice' }],
    });
  });

  it('counts each diagnostic pattern', async () => {
    const model = new ScriptedModel([
      calls(['post_it', {}]), // IFN
      calls(['post_notice', { text: 'x', urgent: true }]), // IAN
      calls(['set_wifi', { on: 'yes' }]), // IAT
      calls(['set_wifi', '{on: true']), // IFE
      calls(['get_wifi', {}]),
      calls(['get_wifi', {}]), // RAC: same call, nothing changed in between
      calls(['set_wifi', { on: true }]),
      calls(['get_wifi', {}]), // not RAC: the world changed since the last get_wifi
      'Done.',
    ]);
    const trajectory = await play(new ModelAgent(model));
    expect(trajectory.diagnostics.counts).toEqual({ IFN: 1, IAN: 1, IAT: 1, IFE: 1, RAC: 1 });
    expect(trajectory.diagnostics.findings.map((finding) => finding.pattern)).toEqual([
      'IFN',
      'IAN',
      'IAT',
      'IFE',
      'RAC',
    ]);
    expect(trajectory.termination.type).toBe('user-ended');
  });

  it('gives the same trajectories when episodes run concurrently as when run alone', async () => {
    const script = (): ScriptedReply[] => [
      calls(['set_wifi', { on: true }]),
      calls(['post_notice', { text: 'a' }], ['post_notice', { text: 'b' }]),
      'Done.',
    ];
    const slowAgent = (delays: number[]): Agent => {
      const inner = new ModelAgent(new ScriptedModel(script()));
      let turn = 0;
      return {
        name: inner.name,
        async respond(request): Promise<Turn> {
          await new Promise((resolve) => setTimeout(resolve, delays[turn++ % delays.length]));
          return inner.respond(request);
        },
      };
    };
    const alone = [await play(slowAgent([0]), { seed: 'A' }), await play(slowAgent([0]), { seed: 'B' })];
    const together = await Promise.all([
      play(slowAgent([5, 1, 7]), { seed: 'A' }),
      play(slowAgent([1, 6, 2]), { seed: 'B' }),
    ]);
    expect(together.map(withoutTiming)).toEqual(alone.map(withoutTiming));
    expect(alone[0]?.worldChanges).not.toEqual(alone[1]?.worldChanges);
  });

  it('produces a versioned, JSON-serialisable record whose diffs rebuild every snapshot', async () => {
    const events: TrajectoryEvent[] = [];
    const model = new ScriptedModel([calls(['set_wifi', { on: true }]), calls(['post_notice', { text: 'x' }]), 'ok']);
    const trajectory = await play(new ModelAgent(model), { onEvent: (event) => events.push(event) });
    const copy = JSON.parse(JSON.stringify(trajectory)) as Trajectory;
    expect(copy).toEqual(trajectory);
    expect(copy.formatVersion).toBe(1);
    expect(copy.worldChanges.map((change) => change.messageIndex)).toEqual([3, 5]);
    expect(worldAtMessage(schema, copy, 2).rows('device')[0]?.wifi).toBe(false);
    expect(worldAtMessage(schema, copy, 3).rows('device')[0]?.wifi).toBe(true);
    expect(worldAtMessage(schema, copy, 5).rows('notices')).toHaveLength(1);
    expect(copy.traces[1]?.worldDiff.notices?.added).toHaveLength(1);
    expect(events[0]?.type).toBe('episode-start');
    expect(events.at(-1)).toEqual({ type: 'episode-end', episodeId: 'e1', termination: { type: 'user-ended' } });
    expect(events.filter((event) => event.type === 'message')).toHaveLength(copy.messages.length);
    expect(events.filter((event) => event.type === 'world-change')).toHaveLength(2);
    expect(copy.timing.durationMs).toBeGreaterThanOrEqual(0);
  });
});
