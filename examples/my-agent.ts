/**
 * Evaluating your own agent: implement the `Agent` interface and hand it to an episode.
 *
 * This agent is rule-based on purpose, so the example runs offline: it reads the conversation it is
 * given (only what the agent role may see), calls tools, and learns from the tool errors the executor
 * feeds back. `examples/my-agent.test.ts` plays it in the example episode; run it alone with
 * `scripts/node22 npx vitest run examples`.
 */
import type { Agent, Turn, TurnRequest } from '../src/index.js';

export class PoliteNoticeAgent implements Agent {
  readonly name = 'polite-notice-agent@1';

  async respond(request: TurnRequest): Promise<Turn> {
    const last = request.messages.at(-1);
    if (last?.type === 'tool-result' && last.outcome.type === 'error' && last.outcome.error.kind === 'connection') {
      // The executor told us why the call failed; fix the cause, as a capable agent should.
      return { type: 'tool-calls', calls: [{ id: `fix-${last.index}`, name: 'set_wifi', arguments: { on: true } }] };
    }
    if (last?.type === 'tool-result' && last.toolName === 'set_wifi') {
      return {
        type: 'tool-calls',
        calls: [{ id: `retry-${last.index}`, name: 'post_notice', arguments: { text: 'Team lunch moved to 1 pm.' } }],
      };
    }
    if (last?.type === 'tool-result' && last.outcome.type === 'result') {
      return { type: 'text', text: 'The notice is posted.' };
    }
    return {
      type: 'tool-calls',
      calls: [{ id: 'first', name: 'post_notice', arguments: { text: 'Team lunch moved to 1 pm.' } }],
    };
  }
}
