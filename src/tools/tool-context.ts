import type { CellValue, Role, Row } from '../spec/index.js';
import { deterministicId } from '../util/seeded-random.js';
import type { WorldSnapshot, ZonedParts } from '../world/index.js';

/** The read-only view of the episode clock a tool gets. */
export interface ToolClock {
  now(): number;
  readonly timeZone: string;
  parts(epochSeconds?: number): ZonedParts;
}

/**
 * The world as one tool call sees it: reads and writes on a private copy that the executor keeps only
 * if the call succeeds, so a failed call never changes anything.
 */
export class WorldTransaction {
  private snapshot: WorldSnapshot;

  constructor(
    start: WorldSnapshot,
    private readonly seed: string,
  ) {
    this.snapshot = start;
  }

  /** The world with this call's changes so far. */
  current(): WorldSnapshot {
    return this.snapshot;
  }

  rows(table: string): readonly Row[] {
    return this.snapshot.rows(table);
  }

  find(table: string, key: CellValue): Row | undefined {
    return this.snapshot.find(table, key);
  }

  insert(table: string, row: Row): void {
    this.snapshot = this.snapshot.insert(table, row);
  }

  update(table: string, key: CellValue, patch: Row): void {
    this.snapshot = this.snapshot.update(table, key, patch);
  }

  remove(table: string, key: CellValue): void {
    this.snapshot = this.snapshot.remove(table, key);
  }

  /** A new id, deterministic for the episode's seed and the number of ids handed out before. */
  newId(): string {
    const sequence = this.snapshot.idSequence;
    this.snapshot = this.snapshot.withIdSequence(sequence + 1);
    return deterministicId(this.seed, sequence);
  }
}

/** What a tool's `run` receives besides its arguments. */
export interface ToolContext {
  readonly world: WorldTransaction;
  readonly clock: ToolClock;
  /** The role making the call. */
  readonly caller: Role;
  /** Ends the conversation (only the user's `end_conversation` tool does this). */
  endConversation(): void;
}
