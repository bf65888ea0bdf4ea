/** A sample episode full of markup and `javascript:` text that the page must show as text (browser checks). */
import { BASE, bus, call, type Detail, ending, failure, m, opening, PHONE_WORLD_KEY } from './sample-messages.ts';

export const HOSTILE = '<script>alert("xss")</script> <img src=x onerror=alert(1)> javascript:alert(2)';

/** Text written by a model or a simulator that must show literally. */
export function hostileEpisode(agent: string): Omit<Detail, 'diagnostics' | 'diagnosticFindings'> & { score: number } {
  const drafts = [
    ...opening(HOSTILE, `Please open ${HOSTILE}`),
    call(1, 'call-<x>', '<img src=x onerror=alert(3)>', {
      url: 'javascript:alert(4)',
      html: '</script><script>alert(5)</script>',
    }),
    failure(
      1,
      'call-<x>',
      '<img src=x onerror=alert(3)>',
      'unknown-tool',
      `No tool named <img src=x onerror=alert(3)>. ${HOSTILE}`,
      '<a href="javascript:alert(6)">click</a>',
    ),
    call(2, 'call-raw', 'search_contacts', '{"name": "<b>bold</b>"'),
    failure(2, 'call-raw', 'search_contacts', 'unparsable-arguments', 'The arguments are not valid JSON.'),
    ...ending(3, HOSTILE),
  ];
  return {
    agent,
    user: BASE.user,
    clock: BASE.clock,
    score: 0.1,
    milestoneScore: 0.1,
    minefieldScore: 1,
    milestones: [m('<b>m</b>', 3, 0.1)],
    minefields: [],
    milestoneGraph: { nodes: [{ id: '<b>m</b>', description: HOSTILE, scored: true }], edges: [] },
    termination: { type: 'agent-failure', message: HOSTILE },
    initialWorld: PHONE_WORLD_KEY,
    firstEpisodeMessage: 3,
    messages: bus(drafts),
    worldChanges: [
      { messageIndex: 4, diff: { '<table>': { added: [{ '<col>': HOSTILE }], removed: [], changed: [] } } },
    ],
  };
}
