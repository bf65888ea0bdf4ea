import type { Turn, TurnRequest, User } from '../spec/index.js';

/**
 * A user that says its lines in order, one per turn, whatever the agent says, and then ends the
 * conversation with `end_conversation`. Offline and deterministic: the default user for replayed
 * scenarios and for tests.
 */
export class ScriptedUser implements User {
  readonly name = 'scripted-user';
  private next = 0;

  constructor(private readonly lines: readonly string[]) {}

  async respond(_request: TurnRequest): Promise<Turn> {
    const line = this.lines[this.next];
    this.next += 1;
    if (line !== undefined) return { type: 'text', text: line };
    return { type: 'tool-calls', calls: [{ id: `end_${this.next}`, name: 'end_conversation', arguments: {} }] };
  }
}
