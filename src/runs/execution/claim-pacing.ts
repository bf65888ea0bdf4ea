/** How long the episodes claimed in one transaction should last this process (ms of playing). */
export const CLAIM_AHEAD_MS = 200;
/** Most episodes claimed in one transaction. */
export const MAX_CLAIM_BATCH = 64;

/**
 * How many episodes a process claims at once. Claiming one episode per transaction costs a commit per
 * episode — for fast episodes (an oracle run, a local model) more than the rest of the store's work —
 * while claiming many at once holds episodes another process could be playing, and at the end of a run
 * that process waits for them. So a process claims what it plays in about {@link CLAIM_AHEAD_MS} at the
 * rate it has ended episodes so far (all its slots together), between one and {@link MAX_CLAIM_BATCH}.
 * Until an episode has ended (and for episodes slower than that), one at a time — as a process that
 * claims each episode when a slot frees.
 */
export class ClaimPacing {
  private ended = 0;
  private firstStart: number | undefined;

  constructor(private readonly now: () => number = () => performance.now()) {}

  /** Told when this process starts an episode. */
  episodeStarted(): void {
    this.firstStart ??= this.now();
  }

  /** Told when this process ends an episode. */
  episodeEnded(): void {
    this.ended += 1;
  }

  /**
   * Episodes to claim in the next transaction, when `idleSlots` of this process's slots are waiting for
   * one: at least one for each of them (up to {@link MAX_CLAIM_BATCH}), since each starts at once — so a
   * run's first claims, with every slot idle, take one transaction instead of one per slot.
   */
  batchSize(idleSlots = 1): number {
    const forIdle = Math.max(1, Math.min(MAX_CLAIM_BATCH, idleSlots));
    if (this.ended === 0 || this.firstStart === undefined) return forIdle;
    const perMs = this.ended / Math.max(this.now() - this.firstStart, 1);
    return Math.max(forIdle, Math.min(MAX_CLAIM_BATCH, Math.floor(perMs * CLAIM_AHEAD_MS)));
  }
}
