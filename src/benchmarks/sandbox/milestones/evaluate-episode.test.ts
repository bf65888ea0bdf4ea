import { describe, expect, it } from 'vitest';
import {
  toolCallTurn as call,
  playDemoEpisode,
  textTurn as say,
  demoSchema as schema,
} from '../../../demo/demo-episode.js';
import type { Turn } from '../../../spec/index.js';
import { evaluateEpisode, type MilestoneGraphSpec } from './evaluate-episode.js';

const play = (turns: Turn[]) => playDemoEpisode(turns, 'Post "hello" please.');

const postHello: MilestoneGraphSpec = {
  milestones: [
    { id: 'wifi-on', constraints: [{ type: 'table', table: 'device', rows: [{ wifi: true }] }] },
    {
      id: 'posted',
      constraints: [{ type: 'rows-added', table: 'notices', rows: [{ text: 'hello' }], since: 'wifi-on' }],
    },
    { id: 'told', constraints: [{ type: 'message', from: 'agent', text: 'I posted hello on the board.' }] },
  ],
  edges: [
    ['wifi-on', 'posted'],
    ['posted', 'told'],
  ],
};

describe('evaluating an episode', () => {
  it('scores 1 when every milestone happens in order and records the mapping', async () => {
    const trajectory = await play([
      call('set_wifi', { on: true }),
      call('post_notice', { text: 'hello' }),
      say('I posted hello on the board.'),
    ]);
    const score = evaluateEpisode(trajectory, schema, postHello);
    expect(score.score).toBe(1);
    expect(score.milestones.map((match) => [match.milestone, match.messageIndex])).toEqual([
      ['wifi-on', 2],
      ['posted', 4],
      ['told', 5],
    ]);
    // Opening line, two calls, two results, one answer; the user's end_conversation does not count.
    expect(score.turnCount).toBe(6);
  });

  it('gives partial credit for a trajectory that stops short', async () => {
    const trajectory = await play([call('set_wifi', { on: true }), say('Wifi is on now.')]);
    const score = evaluateEpisode(trajectory, schema, postHello);
    expect(score.milestones[0]?.similarity).toBe(1);
    expect(score.milestones[1]?.similarity).toBe(0);
    expect(score.score).toBeGreaterThan(1 / 3);
    expect(score.score).toBeLessThan(2 / 3);
  });

  it('zeroes the score when a minefield fires', async () => {
    const trajectory = await play([
      call('set_wifi', { on: true }),
      call('post_notice', { text: 'hello' }),
      say('I posted hello on the board.'),
    ]);
    const minefields: MilestoneGraphSpec = {
      milestones: [{ id: 'no-wifi-change', constraints: [{ type: 'tool-call', tool: 'set_wifi', attempted: true }] }],
    };
    const score = evaluateEpisode(trajectory, schema, postHello, minefields);
    expect(score.milestoneScore).toBe(1);
    expect(score.minefieldScore).toBe(1);
    expect(score.score).toBe(0);
  });

  it('counts an attempted call of a tool the agent does not have toward a minefield', async () => {
    const trajectory = await play([call('delete_board'), say('Sorry, I cannot do that.')]);
    const minefields: MilestoneGraphSpec = {
      milestones: [{ id: 'hallucinated', constraints: [{ type: 'tool-call', tool: 'delete_board', attempted: true }] }],
    };
    const strict: MilestoneGraphSpec = {
      milestones: [
        { id: 'refused', constraints: [{ type: 'message', from: 'agent', text: 'Sorry, I cannot do that.' }] },
      ],
    };
    expect(evaluateEpisode(trajectory, schema, strict, minefields).score).toBe(0);
    const clean = await play([say('Sorry, I cannot do that.')]);
    expect(evaluateEpisode(clean, schema, strict, minefields).score).toBe(1);
  });

  it('applies guardrails: tables no milestone constrains must not change before a milestone', async () => {
    const checkWifi: MilestoneGraphSpec = {
      milestones: [{ id: 'checked', constraints: [{ type: 'tool-call', tool: 'get_wifi' }] }],
    };
    const sideEffect = await play([
      call('set_wifi', { on: true }),
      call('post_notice', { text: 'oops' }),
      call('get_wifi'),
      say('It is on.'),
    ]);
    expect(evaluateEpisode(sideEffect, schema, checkWifi).score).toBe(0);
    const clean = await play([call('get_wifi'), say('It is off.')]);
    expect(evaluateEpisode(clean, schema, checkWifi).score).toBe(1);
    const excluded: MilestoneGraphSpec = {
      milestones: [
        {
          id: 'checked',
          constraints: [{ type: 'tool-call', tool: 'get_wifi' }],
          guardrailExclude: ['device', 'notices'],
        },
      ],
    };
    expect(evaluateEpisode(sideEffect, schema, excluded).score).toBe(1);
  });

  it('fills placeholders from the tool result an earlier milestone matched (trace-dependent)', async () => {
    const graph: MilestoneGraphSpec = {
      milestones: [
        { id: 'listed', constraints: [{ type: 'tool-call', tool: 'list_notices' }] },
        {
          id: 'answer',
          constraints: [
            { type: 'message', from: 'agent', text: 'There are {{listed.length}} notices.', similarity: 'exact' },
          ],
        },
      ],
      edges: [['listed', 'answer']],
    };
    const right = await play([call('list_notices'), say('There are 0 notices.')]);
    expect(evaluateEpisode(right, schema, graph).score).toBe(1);
    const wrong = await play([call('list_notices'), say('There are 3 notices.')]);
    expect(evaluateEpisode(wrong, schema, graph).score).toBe(0.5);
  });

  it('matches tool-call arguments exactly, within a tolerance, or by alternatives', async () => {
    const trajectory = await play([
      call('post_notice', { text: 'hello' }),
      call('list_notices', { contains: 'HELLO' }),
      // Not "done": the post failed (wifi off), and a claim of success the world does not show scores 0.
      say('Here is what I found.'),
    ]);
    const graph = (spec: Record<string, unknown>): MilestoneGraphSpec => ({
      milestones: [{ id: 'm', constraints: [{ type: 'tool-call', tool: 'list_notices', attempted: true, ...spec }] }],
    });
    expect(evaluateEpisode(trajectory, schema, graph({ arguments: { contains: 'HELLO' } })).score).toBe(1);
    expect(evaluateEpisode(trajectory, schema, graph({ arguments: { contains: 'hello' } })).score).toBe(0);
    expect(
      evaluateEpisode(
        trajectory,
        schema,
        graph({ arguments: { contains: 'hello' }, alternatives: [{ contains: 'HELLO' }] }),
      ).score,
    ).toBe(1);
    // The failed post_notice (wifi off) does not count unless attempted calls are allowed.
    const posted: MilestoneGraphSpec = {
      milestones: [{ id: 'p', constraints: [{ type: 'tool-call', tool: 'post_notice' }] }],
    };
    expect(evaluateEpisode(trajectory, schema, posted).score).toBe(0);
  });
});
