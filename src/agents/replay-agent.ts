import type { Agent, Turn, TurnRequest } from '../spec/index.js';

/**
 * An agent that replays a fixed list of turns, one per call, whatever it sees; after the last one it
 * only says `closing`. Used to play gold and wrong solutions of built-in cases and the example episode.
 */
export class ReplayAgent implements Agent {
  private next = 0;

  constructor(
    private readonly turns: readonly Turn[],
    readonly name = 'replay-agent',
    private readonly closing = 'Is there anything else I can help with?',
  ) {}

  async respond(_request: TurnRequest): Promise<Turn> {
    const turn = this.turns[this.next];
    this.next += 1;
    return turn ?? { type: 'text', text: this.closing };
  }
}
