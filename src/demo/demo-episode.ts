import { ReplayAgent } from '../agents/index.js';
import { demoDomain, demoWorldRows } from '../domains/demo/index.js';
import { endConversationTool, runEpisode } from '../engine/index.js';
import type { Agent, NewMessage, Trajectory, TrajectoryEvent, Turn, User } from '../spec/index.js';
import { ToolRegistry } from '../tools/tool-registry.js';
import { ToolSet } from '../tools/tool-set.js';
import { ScriptedUser } from '../users/index.js';
import { defineWorldSchema, EpisodeClock, WorldSnapshot } from '../world/index.js';

/**
 * The demo domain (a wifi switch and a notice board, `domains/demo`) played end to end: the example episode
 * of `toolgauge run --example` and `runExampleEpisode()`, and the episodes of scoring tests
 * (`playDemoEpisode`, on `toolgauge/testing`).
 */

const registry = new ToolRegistry([...demoDomain.tools, endConversationTool]);

/** The tiny demo domain's world schema (wifi switch, notice board). */
export const demoSchema = defineWorldSchema(demoDomain.tables);

/** A turn calling one tool, with an id made from its name and arguments. */
export function toolCallTurn(name: string, args: Record<string, unknown> = {}): Turn {
  return { type: 'tool-calls', calls: [{ id: `${name}-${JSON.stringify(args)}`, name, arguments: args }] };
}

/** A turn saying `text`. */
export function textTurn(text: string): Turn {
  return { type: 'text', text };
}

/** One episode in the demo domain, with everything but the agent and the first messages fixed. */
export function playInDemoDomain(options: {
  readonly episodeId: string;
  readonly caseId?: string;
  readonly agent: Agent;
  readonly user?: User;
  readonly clock: EpisodeClock;
  readonly seed: string;
  readonly seededMessages: readonly NewMessage[];
  readonly onEvent?: (event: TrajectoryEvent) => void;
}): Promise<Trajectory> {
  return runEpisode({
    episodeId: options.episodeId,
    ...(options.caseId === undefined ? {} : { caseId: options.caseId }),
    agent: options.agent,
    user: options.user ?? new ScriptedUser([]),
    agentTools: ToolSet.fromRegistry(registry, 'agent'),
    userTools: ToolSet.fromRegistry(registry, 'user'),
    world: WorldSnapshot.create(demoSchema, demoWorldRows()),
    clock: options.clock,
    seed: options.seed,
    seededMessages: options.seededMessages,
    ...(options.onEvent ? { onEvent: options.onEvent } : {}),
  });
}

/**
 * Plays the given agent turns in the demo domain after the user's `opening` line (the user says nothing
 * more), on a fixed clock and seed: a real trajectory for scoring tests.
 */
export function playDemoEpisode(turns: readonly Turn[], opening: string): Promise<Trajectory> {
  return playInDemoDomain({
    episodeId: 'e',
    agent: new ReplayAgent(turns),
    clock: new EpisodeClock(1_800_000_000, 'UTC'),
    seed: 's',
    seededMessages: [{ type: 'text', sender: 'user', recipient: 'agent', text: opening }],
  });
}
