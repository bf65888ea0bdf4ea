import { describe, expect, it } from 'vitest';
import {
  toolCallTurn as call,
  playDemoEpisode,
  textTurn as say,
  demoSchema as schema,
} from '../../../demo/demo-episode.js';
import type { Turn } from '../../../spec/index.js';
import { evaluateEpisode, type MilestoneGraphSpec } from './evaluate-episode.js';
import { describeGuardrail } from './guardrail.js';

const play = (turns: Turn[]) => playDemoEpisode(turns, 'Is wifi on?');

/** Check wifi and say so: the notice board is guarded (no milestone constrains it). */
const checkWifi: MilestoneGraphSpec = {
  milestones: [
    { id: 'checked', constraints: [{ type: 'tool-call', tool: 'get_wifi' }] },
    { id: 'told', constraints: [{ type: 'message', from: 'agent', text: 'Wifi is on.', similarity: 'exact' }] },
  ],
  edges: [['checked', 'told']],
};

describe('guardrails', () => {
  it('check the world after the last milestone too, and say which table changed where', async () => {
    const clean = await play([call('set_wifi', { on: true }), call('get_wifi'), say('Wifi is on.')]);
    // Turning wifi on before checking it changes a guarded table: every milestone after it loses its
    // credit (the paper's window, from the predecessor's message, zeroes only the check).
    expect(evaluateEpisode(clean, schema, checkWifi).score).toBe(0);
    expect(evaluateEpisode(clean, schema, checkWifi, undefined, { profile: 'paper' }).score).toBe(0.5);
    const wifiAllowed: MilestoneGraphSpec = {
      ...checkWifi,
      milestones: checkWifi.milestones.map((milestone) => ({ ...milestone, guardrailExclude: ['device'] })),
    };
    expect(evaluateEpisode(clean, schema, wifiAllowed).score).toBe(1);
    // A notice posted after the last milestone: the paper never looked; here that milestone loses its credit.
    const listing: MilestoneGraphSpec = {
      milestones: [
        { id: 'checked', constraints: [{ type: 'tool-call', tool: 'get_wifi' }], guardrailExclude: ['device'] },
        { id: 'listed', constraints: [{ type: 'tool-call', tool: 'list_notices' }], guardrailExclude: ['device'] },
      ],
      edges: [['checked', 'listed']],
    };
    const damageAfter = await play([
      call('set_wifi', { on: true }),
      call('get_wifi'),
      call('list_notices'),
      call('post_notice', { text: 'oops' }),
      say('Done.'),
    ]);
    const score = evaluateEpisode(damageAfter, schema, listing);
    expect(score.score).toBe(0.5);
    const listed = score.milestones.find((match) => match.milestone === 'listed');
    expect(listed?.similarity).toBe(0);
    expect(listed?.guardrail).toMatchObject({ table: 'notices', window: 'after', unguardedSimilarity: 1 });
    expect(damageAfter.messages[listed?.guardrail?.changedAt ?? -1]).toMatchObject({ type: 'tool-result' });
    const undamaged = await play([
      call('set_wifi', { on: true }),
      call('get_wifi'),
      call('list_notices'),
      say('Done.'),
    ]);
    expect(evaluateEpisode(undamaged, schema, listing).score).toBe(1);
    expect(describeGuardrail(listed?.guardrail as never)).toMatch(/table "notices" changed at message \d+/);
  });

  it('cannot be dodged by giving up a cheap predecessor to move the next window past the damage', async () => {
    // A 0.1-weight check, then the real task; the agent damages the notice board in between.
    const graph: MilestoneGraphSpec = {
      milestones: [
        {
          id: 'checked',
          weight: 0.1,
          constraints: [{ type: 'tool-call', tool: 'get_wifi' }],
          guardrailExclude: ['device'],
        },
        { id: 'listed', constraints: [{ type: 'tool-call', tool: 'list_notices' }], guardrailExclude: ['device'] },
      ],
      edges: [['checked', 'listed']],
    };
    const damaged = await play([
      call('set_wifi', { on: true }),
      call('get_wifi'),
      call('post_notice', { text: 'oops' }),
      call('list_notices'),
      say('Done.'),
    ]);
    // With windows from the predecessor's message, placing `checked` late (at similarity 0) would leave
    // `listed` a clean window and 1 / 1.1 = 0.909; from the start, the damage costs `listed` anyway.
    const score = evaluateEpisode(damaged, schema, graph);
    expect(score.score).toBeCloseTo(0.1 / 1.1, 6);
    expect(score.milestones.find((match) => match.milestone === 'listed')?.guardrail).toMatchObject({
      table: 'notices',
      window: 'before',
    });
    const clean = await play([call('set_wifi', { on: true }), call('get_wifi'), call('list_notices'), say('Done.')]);
    expect(evaluateEpisode(clean, schema, graph).score).toBe(1);
  });

  it('name the change that zeroed a milestone before its message', async () => {
    const trajectory = await play([
      call('set_wifi', { on: true }),
      call('post_notice', { text: 'oops' }),
      call('get_wifi'),
      say('Wifi is on.'),
    ]);
    const graph: MilestoneGraphSpec = {
      milestones: [
        { id: 'checked', constraints: [{ type: 'tool-call', tool: 'get_wifi' }], guardrailExclude: ['device'] },
      ],
    };
    const score = evaluateEpisode(trajectory, schema, graph);
    expect(score.score).toBe(0);
    expect(score.milestones[0]?.guardrail).toMatchObject({ table: 'notices', window: 'before' });
    // A milestone that simply did not happen gets no guardrail note.
    const missing = evaluateEpisode(trajectory, schema, {
      milestones: [{ id: 'listed', constraints: [{ type: 'tool-call', tool: 'list_notices' }] }],
    });
    expect(missing.milestones[0]?.guardrail).toBeUndefined();
  });

  it('a graph without edges lets milestones match in any order', async () => {
    const trajectory = await play([call('get_wifi'), call('list_notices'), say('Wifi is off and the board is empty.')]);
    const graph = (edges?: [string, string][]): MilestoneGraphSpec => ({
      milestones: [
        { id: 'listed', constraints: [{ type: 'tool-call', tool: 'list_notices' }] },
        { id: 'checked', constraints: [{ type: 'tool-call', tool: 'get_wifi' }] },
      ],
      ...(edges ? { edges } : {}),
    });
    expect(evaluateEpisode(trajectory, schema, graph()).score).toBe(1);
    expect(evaluateEpisode(trajectory, schema, graph([['listed', 'checked']])).score).toBe(0.5);
  });
});

describe('row-change minefields', () => {
  it('fire when the protected row changed, whatever else changed with it', async () => {
    const minefields: MilestoneGraphSpec = {
      milestones: [
        {
          id: 'posted-secret',
          constraints: [
            { type: 'rows-added', table: 'notices', rows: [{ text: 'secret' }], columns: { text: 'exact' } },
          ],
        },
      ],
    };
    const milestones: MilestoneGraphSpec = {
      milestones: [
        { id: 'done', constraints: [{ type: 'message', from: 'agent', text: 'Done.', similarity: 'exact' }] },
      ],
    };
    const alone = await play([call('set_wifi', { on: true }), call('post_notice', { text: 'secret' }), say('Done.')]);
    const together = await play([
      call('set_wifi', { on: true }),
      call('post_notice', { text: 'hello' }),
      call('post_notice', { text: 'secret' }),
      say('Done.'),
    ]);
    const harmless = await play([call('set_wifi', { on: true }), call('post_notice', { text: 'hello' }), say('Done.')]);
    expect(evaluateEpisode(alone, schema, milestones, minefields).minefieldScore).toBe(1);
    expect(evaluateEpisode(together, schema, milestones, minefields).minefieldScore).toBe(1);
    expect(evaluateEpisode(harmless, schema, milestones, minefields).minefieldScore).toBe(0);
    // `including: false` keeps the paper's exact-set reading (the same damage then depends on what else changed).
    const exact: MilestoneGraphSpec = {
      milestones: [
        {
          id: 'posted-secret',
          constraints: [
            {
              type: 'rows-added',
              table: 'notices',
              rows: [{ text: 'secret' }],
              columns: { text: 'exact' },
              including: false,
            },
          ],
        },
      ],
    };
    expect(evaluateEpisode(together, schema, milestones, exact).minefieldScore).toBe(0);
  });
});

describe('scoring profiles', () => {
  it('scores an answer by its facts by default and by ROUGE-L under paper; weights only by default', async () => {
    const graph: MilestoneGraphSpec = {
      milestones: [
        { id: 'checked', weight: 0.25, constraints: [{ type: 'tool-call', tool: 'get_wifi' }] },
        {
          id: 'told',
          constraints: [
            { type: 'message', from: 'agent', text: 'No, wifi is off right now.', facts: [{ yes: false }] },
          ],
        },
      ],
      edges: [['checked', 'told']],
    };
    const reworded = await play([call('get_wifi'), say("It isn't on.")]);
    const facts = evaluateEpisode(reworded, schema, graph);
    const paper = evaluateEpisode(reworded, schema, graph, { milestones: [] }, { profile: 'paper' });
    expect(facts.milestones[1]?.similarity).toBeGreaterThanOrEqual(0.95);
    expect(paper.milestones[1]?.similarity).toBeLessThan(0.5);
    const wrong = await play([call('get_wifi'), say('Yes, wifi is on right now.')]);
    expect(evaluateEpisode(wrong, schema, graph).milestones[1]?.similarity).toBeLessThanOrEqual(0.25);
    // Weights: the check counts a fifth by default (0.25 of 1.25), half under paper.
    const unanswered = await play([call('get_wifi'), say('Okay.')]);
    expect(evaluateEpisode(unanswered, schema, graph).score).toBeCloseTo(0.2, 5);
    expect(
      evaluateEpisode(unanswered, schema, graph, { milestones: [] }, { profile: 'paper' }).score,
    ).toBeGreaterThanOrEqual(0.5);
  });
});
