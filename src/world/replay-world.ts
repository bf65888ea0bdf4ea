import type { Trajectory } from '../spec/index.js';
import { applyDiff } from './world-diff.js';
import type { WorldSchema } from './world-schema.js';
import { WorldSnapshot } from './world-snapshot.js';

/**
 * Rebuilds the world after message `index` of a stored trajectory: the initial world with every
 * recorded diff up to and including that message applied. `-1` gives the initial world.
 */
export function worldAtMessage(schema: WorldSchema, trajectory: Trajectory, index: number): WorldSnapshot {
  let snapshot = WorldSnapshot.fromRecord(schema, trajectory.initialWorld);
  for (const change of trajectory.worldChanges) {
    if (change.messageIndex > index) break;
    snapshot = applyDiff(snapshot, change.diff);
  }
  return snapshot;
}
