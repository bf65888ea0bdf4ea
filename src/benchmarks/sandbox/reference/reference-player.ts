import { fileURLToPath } from 'node:url';
import type { ReferenceAnswer, ReferencePlayer, ReferenceRequest } from '../../../spec/index.js';
import { BUILT_IN_SCENARIOS, loadScenarios } from '../scenario-loader.js';
import { formatProblem } from '../scenario-problem.js';
import { CaseIndex } from './case-index.js';
import { referenceAgentTurn } from './reference-agent.js';
import { offersEndConversation, referenceUserTurn } from './reference-user.js';

/** ToolSandbox's reference model over the scenarios of `sources` (default: the built-in corpus). */
export async function sandboxReferencePlayer(request: {
  readonly sources?: readonly string[];
}): Promise<ReferencePlayer> {
  const loaded = await loadScenarios(request.sources?.length ? request.sources : [fileURLToPath(BUILT_IN_SCENARIOS)]);
  const index = new CaseIndex(loaded.scenarios);
  return {
    caseCount: index.caseCount,
    itemCount: loaded.scenarios.length,
    get problems() {
      return [...loaded.problems.map(formatProblem), ...index.problems];
    },
    warm: () => index.warm(),
    answer: async (wireRequest) => answerRequest(index, wireRequest),
  };
}

/**
 * A fake model that is a perfect agent and a perfect user. A request that offers `end_conversation`
 * comes from a user simulator and is answered from the scenario whose user goal its system prompt
 * holds; any other request is an agent's and is answered with the gold solution of the case its
 * opening line and tools identify.
 */
export function answerRequest(index: CaseIndex, request: ReferenceRequest): ReferenceAnswer {
  if (offersEndConversation(request)) {
    const match = index.findUserScenario(request);
    if ('reason' in match)
      return { unmatched: `a user-simulator request (it offers end_conversation), but ${match.reason}` };
    return { role: 'user', turn: referenceUserTurn(match.found, request), caseId: match.found.id };
  }
  const match = index.findAgentCase(request);
  if ('reason' in match) return { unmatched: `an agent request, but ${match.reason}` };
  return { role: 'agent', turn: referenceAgentTurn(match.found, request), caseId: match.found.sandboxCase.id };
}
