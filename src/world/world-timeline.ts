import type { WorldDiff } from '../spec/index.js';
import { diffSnapshots, isEmptyDiff } from './world-diff.js';
import type { WorldSnapshot } from './world-snapshot.js';

/**
 * The world after every message of an episode. Message k's snapshot is the one recorded when message k
 * was appended; snapshots are immutable and share unchanged tables, so this costs one reference per
 * message plus the tables that actually changed.
 */
export class WorldTimeline {
  private readonly snapshots: WorldSnapshot[] = [];
  private latest: WorldSnapshot;

  constructor(readonly initial: WorldSnapshot) {
    this.latest = initial;
  }

  /** The current world (after the last recorded message, or the initial world). */
  current(): WorldSnapshot {
    return this.latest;
  }

  /** Records the world after message `index` (which must be the next index) and returns its diff. */
  record(index: number, snapshot: WorldSnapshot): WorldDiff {
    if (index !== this.snapshots.length) {
      throw new RangeError(`world timeline: expected message ${this.snapshots.length}, got ${index}`);
    }
    const diff = diffSnapshots(this.latest, snapshot);
    this.snapshots.push(snapshot);
    this.latest = snapshot;
    return diff;
  }

  /** The world right after message `index`; `-1` is the initial world. */
  at(index: number): WorldSnapshot {
    if (index === -1) return this.initial;
    const snapshot = this.snapshots[index];
    if (!snapshot) throw new RangeError(`world timeline: no message ${index} (have ${this.snapshots.length})`);
    return snapshot;
  }

  get length(): number {
    return this.snapshots.length;
  }

  /** Diffs of every message that changed the world, in order. */
  changes(): { messageIndex: number; diff: WorldDiff }[] {
    const changes: { messageIndex: number; diff: WorldDiff }[] = [];
    let previous = this.initial;
    this.snapshots.forEach((snapshot, messageIndex) => {
      if (snapshot !== previous) {
        const diff = diffSnapshots(previous, snapshot);
        if (!isEmptyDiff(diff)) changes.push({ messageIndex, diff });
      }
      previous = snapshot;
    });
    return changes;
  }
}
