import type { Agent, Turn } from '../../spec/index.js';

/**
 * The paper's baseline: an agent that always declines. It scores near 1 only where declining is right
 * (insufficient-information scenarios), which shows how much of a score comes from restraint alone.
 */
export class UnhelpfulAgent implements Agent {
  readonly name = 'unhelpful';

  async respond(): Promise<Turn> {
    return { type: 'text', text: "I'm sorry, but I can't help with that." };
  }
}
