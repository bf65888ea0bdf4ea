import type { Role, ToolCall, ToolError, ToolOutcome } from '../spec/index.js';
import { presentToolText } from '../tools/augmentations/present-text.js';
import { type ToolClock, WorldTransaction } from '../tools/tool-context.js';
import { isToolFailure } from '../tools/tool-failure.js';
import type { ToolSet } from '../tools/tool-set.js';
import type { WorldSnapshot } from '../world/index.js';
import { checkArguments } from './argument-check.js';
import { callOrders } from './call-orders.js';

/** A tool's error in the names the caller sees, without pointing at tools it was not given. */
function presentError(error: ToolError, tools: ToolSet, owner: string): ToolError {
  const message = presentToolText(error.message, tools, owner, 'errors');
  const hint = error.hint === undefined ? undefined : presentToolText(error.hint, tools, owner, 'errors');
  const { hint: _original, ...rest } = error;
  return { ...rest, message: message || 'The call failed.', ...(hint ? { hint } : {}) };
}

/** What happened to one call. */
export interface CallExecution {
  readonly call: ToolCall;
  /** The real tool that ran, or null when the call was rejected before running. */
  readonly toolName: string | null;
  readonly arguments: Readonly<Record<string, unknown>> | string;
  readonly outcome: ToolOutcome;
  readonly worldBefore: WorldSnapshot;
  readonly worldAfter: WorldSnapshot;
  readonly endedConversation: boolean;
}

/** What happened to a batch of calls made in one turn. */
export interface BatchExecution {
  /** The executions in the order they were run (a permutation of the given calls). */
  readonly executions: readonly CallExecution[];
  /** `order[i]` is the position in the given batch of the i-th executed call. */
  readonly order: readonly number[];
  readonly world: WorldSnapshot;
  /** How many orders were tried, and whether one of them failed (so it was kept). */
  readonly ordersTried: number;
  readonly failingOrderKept: boolean;
}

export interface ExecutorOptions {
  /** The episode seed: ids and sampled call orders derive from it. */
  readonly seed: string;
  readonly clock: ToolClock;
  /** Batches up to this size try every order; larger ones a seeded sample (default 6, i.e. 720 orders). */
  readonly exhaustiveOrderLimit?: number;
  /** How many orders to sample for a larger batch, the given order included (default 720). */
  readonly sampledOrders?: number;
}

/**
 * Validates and runs tool calls. Nothing a call does can throw out of here: an unknown tool, bad
 * arguments, a tool's typed failure or a tool's bug all come back as a tool error for the caller.
 */
export class Executor {
  constructor(private readonly options: ExecutorOptions) {}

  /** Runs one call on `world`; a failed call leaves the world as it was. */
  async execute(call: ToolCall, tools: ToolSet, caller: Role, world: WorldSnapshot): Promise<CallExecution> {
    const rejected = (error: ToolError, args: CallExecution['arguments'], toolName: string | null = null) => ({
      call,
      toolName,
      arguments: args,
      outcome: { type: 'error', error } as const,
      worldBefore: world,
      worldAfter: world,
      endedConversation: false,
    });

    const view = tools.resolve(call.name);
    if (!view) {
      const available = tools.shownNames();
      return rejected(
        {
          kind: 'unknown-tool',
          message: `There is no tool named "${call.name}".`,
          hint: available.length > 0 ? `Available tools: ${available.join(', ')}.` : 'No tools are available.',
          details: { availableTools: available },
        },
        call.arguments,
      );
    }
    const check = checkArguments(view.tool, view.schema.name, call.arguments, view.argumentNames);
    if (!check.ok) return rejected(check.error, check.arguments, view.tool.name);

    const transaction = new WorldTransaction(world, this.options.seed);
    let endedConversation = false;
    try {
      const value = await view.tool.run(check.arguments, {
        world: transaction,
        clock: this.options.clock,
        caller,
        endConversation: () => {
          endedConversation = true;
        },
      });
      return {
        call,
        toolName: view.tool.name,
        arguments: check.arguments,
        outcome: { type: 'result', value: value === undefined ? null : value },
        worldBefore: world,
        worldAfter: transaction.current(),
        endedConversation,
      };
    } catch (error) {
      const toolError: ToolError = isToolFailure(error)
        ? presentError(error.error, tools, view.tool.name)
        : {
            kind: 'internal',
            message: `"${view.schema.name}" failed unexpectedly: ${error instanceof Error ? error.message : String(error)}`,
            hint: 'This is a fault in the tool, not in your call; you may try another way.',
          };
      return rejected(toolError, check.arguments, view.tool.name);
    }
  }

  /**
   * Runs calls made in one turn, following the ToolSandbox rule that a race condition always bites: the
   * batch runs in every order on its own copy of the world (snapshots are immutable, so a copy is free);
   * if any order has a failing call, the first such order is kept, its results and its world; otherwise
   * the given order is kept. Batches of up to `exhaustiveOrderLimit` calls (6: 720 orders) try every
   * order; larger ones try the given order plus a seeded sample, so the cost stays bounded. A batch
   * whose calls are all `read` tools cannot race and runs once, in the given order.
   */
  async executeBatch(
    calls: readonly ToolCall[],
    tools: ToolSet,
    caller: Role,
    world: WorldSnapshot,
    batchSeed: string,
  ): Promise<BatchExecution> {
    const mayRace = calls.length > 1 && calls.some((call) => tools.resolve(call.name)?.tool.kind === 'action');
    const orders = mayRace
      ? callOrders(calls.length, {
          exhaustiveLimit: this.options.exhaustiveOrderLimit ?? 6,
          samples: this.options.sampledOrders ?? 720,
          seed: `${this.options.seed}/${batchSeed}`,
        })
      : [calls.map((_, index) => index)];

    let given: Omit<BatchExecution, 'ordersTried' | 'failingOrderKept'> | undefined;
    let tried = 0;
    for (const order of orders) {
      tried += 1;
      const run = await this.runInOrder(calls, order, tools, caller, world);
      const failed = run.executions.some((execution) => execution.outcome.type === 'error');
      if (failed) return { ...run, ordersTried: tried, failingOrderKept: true };
      given ??= run;
    }
    if (!given) throw new Error('executor: a batch must have at least one order');
    return { ...given, ordersTried: tried, failingOrderKept: false };
  }

  private async runInOrder(
    calls: readonly ToolCall[],
    order: readonly number[],
    tools: ToolSet,
    caller: Role,
    world: WorldSnapshot,
  ): Promise<Omit<BatchExecution, 'ordersTried' | 'failingOrderKept'>> {
    const executions: CallExecution[] = [];
    let current = world;
    for (const position of order) {
      const call = calls[position];
      if (!call) throw new RangeError(`executor: no call at position ${position}`);
      const execution = await this.execute(call, tools, caller, current);
      executions.push(execution);
      current = execution.worldAfter;
    }
    return { executions, order, world: current };
  }
}
