import type { MilestoneMatch, ReportEpisode, Role } from '../../src/report/report-data';
import { type FindingBadge, findingBadgesByMessage } from './diagnostic-findings';
import type { WorldDiff } from './world-state';

type Detail = NonNullable<ReportEpisode['detail']>;
export type BusMessage = Detail['messages'][number];

/** The three lanes of the bus, left to right (system messages sit above them, collapsed). */
export const LANES: readonly Role[] = ['user', 'agent', 'executor'];

export function laneOf(role: Role): number {
  return LANES.indexOf(role);
}

/** What the viewer needs about the bus, computed once per episode. */
export interface BusModel {
  /** Messages sent by the system role (prompts), shown above the lanes. */
  readonly system: readonly BusMessage[];
  /** Every other message, in bus order. */
  readonly lanes: readonly BusMessage[];
  /** Tool-call message index by call id, so a result can point back at its call. */
  readonly callIndexById: ReadonlyMap<string, number>;
  /** How many calls share each batch number (more than one means parallel calls). */
  readonly batchSizes: ReadonlyMap<number, number>;
  /** The world change recorded after each message that changed the world. */
  readonly changeByIndex: ReadonlyMap<number, WorldDiff>;
  /** Milestones and minefields matched onto each message with a similarity above 0. */
  readonly matchesByIndex: ReadonlyMap<number, readonly { kind: 'milestone' | 'minefield'; match: MilestoneMatch }[]>;
  /** The diagnostic findings (IFN, RAC…) on each offending tool-call message, as badges. */
  readonly findingsByIndex: ReadonlyMap<number, readonly FindingBadge[]>;
  readonly lastIndex: number;
}

/** What the bus needs of an episode: its messages (and, for ToolSandbox, world changes and matches). */
export type BusSource = Pick<Detail, 'messages' | 'diagnosticFindings'> &
  Partial<Pick<Detail, 'worldChanges' | 'milestones' | 'minefields'>>;

export function buildBusModel(detail: BusSource): BusModel {
  const callIndexById = new Map<string, number>();
  const batchSizes = new Map<number, number>();
  for (const message of detail.messages) {
    if (message.type === 'tool-call') {
      callIndexById.set(message.call.id, message.index);
      batchSizes.set(message.batch, (batchSizes.get(message.batch) ?? 0) + 1);
    }
  }
  const changeByIndex = new Map<number, WorldDiff>();
  for (const change of detail.worldChanges ?? []) changeByIndex.set(change.messageIndex, change.diff);
  const matchesByIndex = new Map<number, { kind: 'milestone' | 'minefield'; match: MilestoneMatch }[]>();
  const addMatch = (kind: 'milestone' | 'minefield', match: MilestoneMatch): void => {
    // A similarity of 0 means nothing matched there (the scorer still names the closest message).
    if (match.messageIndex < 0 || !(match.similarity > 0)) return;
    matchesByIndex.set(match.messageIndex, [...(matchesByIndex.get(match.messageIndex) ?? []), { kind, match }]);
  };
  for (const match of detail.milestones ?? []) addMatch('milestone', match);
  for (const match of detail.minefields ?? []) addMatch('minefield', match);
  return {
    system: detail.messages.filter((message) => message.sender === 'system'),
    lanes: detail.messages.filter((message) => message.sender !== 'system'),
    callIndexById,
    batchSizes,
    changeByIndex,
    matchesByIndex,
    findingsByIndex: findingBadgesByMessage(detail.diagnosticFindings),
    lastIndex: detail.messages.reduce((last, message) => Math.max(last, message.index), -1),
  };
}

/** A one-letter mark per role for the "seen by" indicator. */
export const ROLE_INITIAL: Readonly<Record<Role, string>> = { system: 'S', user: 'U', agent: 'A', executor: 'E' };
