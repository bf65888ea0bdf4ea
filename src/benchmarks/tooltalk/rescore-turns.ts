/**
 * What `rescore` needs of a stored ToolTalk episode: its played turns as the replay produced them, and a
 * check that the agent's calls would have run the same under another mode (the mode decides how calls run
 * as well as how they are compared).
 */
import type { Message } from '../../spec/index.js';
import { type ApiCallRecord, ToolTalkCallExecutor } from './call-executor.js';
import type { ComparisonMode } from './comparators.js';
import type { RecordedCall } from './conversation-file.js';
import type { ToolTalkCase } from './tooltalk-case.js';
import type { ToolTalkRecord } from './tooltalk-record.js';
import { conversationClock, type ReplayedTurn, worldBeforeTurn } from './turn-replay.js';

/** The played turns of a stored record, without the flags scoring gave them. */
export function storedTurns(record: ToolTalkRecord): ReplayedTurn[] {
  return record.turns.flatMap((turn) =>
    turn.trajectory
      ? [
          {
            turnIndex: turn.turnIndex,
            predictions: turn.predictions.map(callRecord),
            reply: turn.reply,
            callCapHit: turn.callCapHit,
            termination: turn.termination,
            trajectory: turn.trajectory,
          },
        ]
      : [],
  );
}

/**
 * Runs each played turn's calls again under `mode`, from the world before that turn (rebuilt under the
 * mode too), and says what would have differed — a world, a response or an exception text the agent
 * would have been shown — or undefined when everything runs as it did.
 */
export async function callsChangedByMode(
  item: ToolTalkCase,
  turns: readonly ReplayedTurn[],
  mode: ComparisonMode,
): Promise<string | undefined> {
  const { conversation, databases } = item;
  const history: RecordedCall[] = [];
  for (const [turnIndex, turn] of conversation.conversation.entries()) {
    if (turn.role === 'user') continue;
    const played = turns.find((candidate) => candidate.turnIndex === turnIndex);
    if (played) {
      const executor = new ToolTalkCallExecutor(conversationClock(conversation), mode);
      let world = await worldBeforeTurn(conversation, databases, history, executor);
      if (JSON.stringify(world.toRecord()) !== JSON.stringify(played.trajectory.initialWorld)) {
        return `the databases before turn ${turnIndex} would differ`;
      }
      const calls = played.trajectory.messages
        .slice(played.trajectory.firstEpisodeMessage)
        .filter((message): message is Extract<Message, { type: 'tool-call' }> => message.type === 'tool-call');
      for (const [position, message] of calls.entries()) {
        const executed = await executor.execute(message.call, world);
        world = executed.world;
        const stored = played.predictions[position];
        if (!stored || JSON.stringify(callRecord(executed.record)) !== JSON.stringify(callRecord(stored))) {
          return `the agent's call ${position + 1} of turn ${turnIndex} (${message.call.name}) would have run differently (${describe(executed.record)} instead of ${stored ? describe(stored) : 'nothing'})`;
        }
      }
    }
    history.push(...(turn.apis ?? []));
  }
  return undefined;
}

function callRecord(call: ApiCallRecord): ApiCallRecord {
  return { request: call.request, response: call.response, exception: call.exception };
}

function describe(call: ApiCallRecord): string {
  return call.exception === null ? 'a response' : `the exception "${call.exception.slice(0, 120)}"`;
}
