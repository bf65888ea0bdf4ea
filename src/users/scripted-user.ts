import type { Turn, TurnRequest, User } from '../spec/index.js';
import { CONFIRMATION_REPLY, isConfirmationRequest, isYesNoReply } from './confirmation.js';

/**
 * A user that says its lines in order, one per turn, and then ends the conversation with
 * `end_conversation`. Offline and deterministic: the default user for replayed scenarios and tests.
 *
 * It can answer a confirmation without losing its next line: when the agent asks permission to act (a
 * yes/no question about acting, "Shall I send it?", see `questionKind`) and the next line is not itself a
 * yes or no, it says "Yes, please go ahead." and keeps the line for later; with no lines left it confirms
 * instead of ending. A request for information ("Which reminder should I delete?", "Should I set it for 3
 * or 4 pm?") gets the next line, which is what it asks for. It confirms at most `maxConfirmations` times per
 * episode, so an agent that keeps asking cannot loop. Asking before acting is therefore not punished
 * offline.
 */
export class ScriptedUser implements User {
  readonly name = 'scripted-user';
  private next = 0;
  private confirmations = 0;

  constructor(
    private readonly lines: readonly string[],
    private readonly maxConfirmations = 2,
  ) {}

  async respond(request: TurnRequest): Promise<Turn> {
    const asked = request.messages.findLast((message) => message.type === 'text' && message.sender === 'agent');
    const pending = this.lines[this.next];
    if (
      asked?.type === 'text' &&
      isConfirmationRequest(asked.text) &&
      (pending === undefined || !isYesNoReply(pending)) &&
      this.confirmations < this.maxConfirmations
    ) {
      this.confirmations += 1;
      return { type: 'text', text: CONFIRMATION_REPLY };
    }
    const line = this.lines[this.next];
    this.next += 1;
    if (line !== undefined) return { type: 'text', text: line };
    return { type: 'tool-calls', calls: [{ id: `end_${this.next}`, name: 'end_conversation', arguments: {} }] };
  }
}
