import { assistantTurns } from '../../../agents/index.js';
import type { ReferenceRequest, Turn } from '../../../spec/index.js';
import type { SandboxScenario } from '../sandbox-scenario.js';
import { normalize, openingsOf } from './case-index.js';

/** The tool a user-simulator request offers; offering it marks a request as the user's. */
export const END_CONVERSATION = 'end_conversation';

/**
 * The perfect user's next turn: the scenario's scripted replies in order, then `end_conversation`.
 *
 * A user simulator sees itself as the assistant, so its earlier turns are the assistant turns after its
 * opening line. When the opening is not in the request, every assistant turn counts except the user's
 * lines of the scenario's demonstrations (they come before the conversation).
 */
export function referenceUserTurn(scenario: SandboxScenario, request: ReferenceRequest): Turn {
  const turns = assistantTurns(request.messages).map((turn) => normalize(turn.text));
  const openings = new Set(openingsOf(scenario).map(normalize));
  const openingAt = turns.findIndex((text) => openings.has(text));
  let spoken: number;
  if (openingAt >= 0) spoken = turns.length - openingAt - 1;
  else {
    const demonstrated = new Set(
      scenario.user.demonstrations.flatMap((dialogue) =>
        dialogue.filter((line) => line.from === 'user').map((line) => normalize(line.text)),
      ),
    );
    spoken = turns.filter((text) => !demonstrated.has(text)).length;
  }
  const reply = scenario.user.replies[spoken];
  if (reply !== undefined) return { type: 'text', text: reply };
  return { type: 'tool-calls', calls: [{ id: `call_end_${spoken}`, name: END_CONVERSATION, arguments: {} }] };
}

/** Whether a request offers the user's `end_conversation` tool. */
export function offersEndConversation(request: ReferenceRequest): boolean {
  return request.tools.some((tool) => tool.name === END_CONVERSATION);
}
