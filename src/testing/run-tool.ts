/**
 * Runs one tool call outside an episode, for domain tests: validates the arguments with the tool's zod
 * schema, runs it on a transaction over `world`, and returns the outcome plus the world after it (the
 * input world when the call failed).
 */
import type { ToolOutcome } from '../spec/index.js';
import { isToolFailure, type Tool, type ToolClock, WorldTransaction } from '../tools/index.js';
import { EpisodeClock, type WorldSnapshot } from '../world/index.js';

export interface ToolRun {
  readonly outcome: ToolOutcome;
  readonly world: WorldSnapshot;
  readonly endedConversation: boolean;
}

export async function runTool(
  tool: Tool,
  args: Record<string, unknown>,
  world: WorldSnapshot,
  clock: ToolClock = new EpisodeClock(1_767_225_600, 'America/Los_Angeles'),
  seed = 'test-seed',
): Promise<ToolRun> {
  const parsed = tool.parametersSchema.safeParse(args);
  if (!parsed.success) {
    throw new Error(`runTool: arguments for ${tool.name} do not match its schema: ${parsed.error.message}`);
  }
  const transaction = new WorldTransaction(world, seed);
  let endedConversation = false;
  try {
    const value = await tool.run(parsed.data, {
      world: transaction,
      clock,
      caller: 'agent',
      endConversation: () => {
        endedConversation = true;
      },
    });
    return { outcome: { type: 'result', value: value ?? null }, world: transaction.current(), endedConversation };
  } catch (error) {
    if (isToolFailure(error)) return { outcome: { type: 'error', error: error.error }, world, endedConversation };
    throw error;
  }
}
