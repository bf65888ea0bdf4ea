import type { Message, ToolTrace, Trajectory } from '../spec/index.js';
import { applyDiff, type WorldSchema, WorldSnapshot } from '../world/index.js';

/**
 * A trajectory prepared for scoring: the world after every message rebuilt once from the stored diffs,
 * and each tool trace found by the index of the executor's answer.
 */
export class EpisodeView {
  private readonly snapshots: WorldSnapshot[] = [];
  private readonly traceByResult = new Map<number, ToolTrace>();
  private readonly memory = new Map<string, unknown>();
  readonly initial: WorldSnapshot;

  constructor(
    readonly trajectory: Trajectory,
    readonly schema: WorldSchema,
  ) {
    this.initial = WorldSnapshot.fromRecord(schema, trajectory.initialWorld);
    const diffs = new Map(trajectory.worldChanges.map((change) => [change.messageIndex, change.diff]));
    let current = this.initial;
    for (const message of trajectory.messages) {
      const diff = diffs.get(message.index);
      if (diff) current = applyDiff(current, diff);
      this.snapshots.push(current);
    }
    for (const trace of trajectory.traces) this.traceByResult.set(trace.resultMessageIndex, trace);
  }

  get messages(): readonly Message[] {
    return this.trajectory.messages;
  }

  /** The world right after message `index`; `-1` is the initial world. */
  worldAt(index: number): WorldSnapshot {
    if (index < 0) return this.initial;
    return this.snapshots[Math.min(index, this.snapshots.length - 1)] ?? this.initial;
  }

  /** The trace whose result is message `index`, if that message is a tool result. */
  traceAt(index: number): ToolTrace | undefined {
    return this.traceByResult.get(index);
  }

  /**
   * The first message of the episode after which one of the tables differs from the world before it,
   * and that table; undefined when none changed.
   */
  firstChange(tables: readonly string[]): { readonly index: number; readonly table: string } | undefined {
    for (let index = this.startIndex; index < this.messages.length; index += 1) {
      const before = this.worldAt(index - 1);
      const after = this.worldAt(index);
      const table = tables.find((name) => !after.sharesTable(before, name));
      if (table !== undefined) return { index, table };
    }
    return undefined;
  }

  /** Computes a value once per view and key (for work many milestones share, such as row changes). */
  remember<T>(key: string, compute: () => T): T {
    if (this.memory.has(key)) return this.memory.get(key) as T;
    const value = compute();
    this.memory.set(key, value);
    return value;
  }

  /** The index of the message that opened the episode (the last seeded one), or 0. */
  get startIndex(): number {
    return Math.max(0, this.trajectory.firstEpisodeMessage - 1);
  }
}
