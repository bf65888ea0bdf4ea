import { ReplayAgent } from '../agents/index.js';
import { demoDomain, demoWorldRows } from '../domains/demo/index.js';
import { endConversationTool, runEpisode } from '../engine/index.js';
import type { Trajectory, Turn } from '../spec/index.js';
import { ToolRegistry, ToolSet } from '../tools/index.js';
import { ScriptedUser } from '../users/index.js';
import { defineWorldSchema, EpisodeClock, WorldSnapshot } from '../world/index.js';

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

/**
 * Plays the given agent turns in the demo domain after the user's `opening` line (the user says nothing
 * more), on a fixed clock and seed: a real trajectory for scoring tests.
 */
export function playDemoEpisode(turns: readonly Turn[], opening: string): Promise<Trajectory> {
  return runEpisode({
    episodeId: 'e',
    agent: new ReplayAgent(turns),
    user: new ScriptedUser([]),
    agentTools: ToolSet.fromRegistry(registry, 'agent'),
    userTools: ToolSet.fromRegistry(registry, 'user'),
    world: WorldSnapshot.create(demoSchema, demoWorldRows()),
    clock: new EpisodeClock(1_800_000_000, 'UTC'),
    seed: 's',
    seededMessages: [{ type: 'text', sender: 'user', recipient: 'agent', text: opening }],
  });
}
