import type { Turn } from '../../spec/index.js';
import type { ToolSet } from '../../tools/index.js';

/**
 * What the generated "confirm first" alternative asks before its first action. Its last sentence is a
 * permission question the scripted user recognises ("shall I"), so it answers yes and keeps its next line.
 */
export const CONFIRM_QUESTION = 'Just to be sure before I act on this: shall I go ahead?';

/**
 * The gold solution with the agent asking the user's permission right before its first action (a call to
 * a tool that changes the world), as a careful agent does; `undefined` when the gold takes no action.
 * `validate --prove` plays it for every scenario as a generated alternative: asking first is correct
 * behaviour and must score at least the alternative floor.
 */
export function confirmFirstSolution(gold: readonly Turn[], tools: ToolSet): readonly Turn[] | undefined {
  const kindOf = new Map(tools.views.map((view) => [view.tool.name, view.tool.kind]));
  const firstAction = gold.findIndex(
    (turn) => turn.type === 'tool-calls' && turn.calls.some((call) => kindOf.get(call.name) === 'action'),
  );
  if (firstAction < 0) return undefined;
  return [...gold.slice(0, firstAction), { type: 'text', text: CONFIRM_QUESTION }, ...gold.slice(firstAction)];
}
