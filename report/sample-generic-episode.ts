/** The short sample trajectory used for every case without a hand-written one. */
import { BASE, bus, call, type Detail, ending, m, opening, PHONE_WORLD_KEY, result } from './sample-messages.ts';

/** A short trajectory for every other case: one call, its result, an answer. */
export function genericEpisode(
  agent: string,
  tool: string,
  request: string,
  score: number,
): Omit<Detail, 'diagnostics' | 'diagnosticFindings'> & { score: number } {
  const drafts = [
    ...opening(request, request),
    call(1, 'call-1', tool, { query: request.slice(0, 40) }),
    result(1, 'call-1', tool, { ok: true }),
    ...ending(2, score > 0.5 ? 'Done.' : 'I am not sure that worked.'),
  ];
  return {
    agent,
    user: BASE.user,
    clock: BASE.clock,
    score,
    milestoneScore: score,
    minefieldScore: 1,
    milestones: [m('call_tool', 3, Math.min(1, score + 0.1)), m('answer', 5, score)],
    minefields: [],
    milestoneGraph: {
      nodes: [
        { id: 'call_tool', description: `${tool}(…)`, scored: true },
        { id: 'answer', description: 'the agent answers the user', scored: true },
      ],
      edges: [['call_tool', 'answer']],
    },
    termination: score < 0.2 ? { type: 'max-messages', limit: 30 } : { type: 'user-ended' },
    initialWorld: PHONE_WORLD_KEY,
    firstEpisodeMessage: 3,
    messages: bus(drafts),
    worldChanges: [],
  };
}
