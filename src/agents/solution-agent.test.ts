import { describe, expect, it } from 'vitest';
import { goldTurn } from './solution-agent.js';

describe('goldTurn', () => {
  it('fills result placeholders inside a text with the value the call returned, and leaves the rest', () => {
    const gold = [
      { type: 'text' as const, text: 'It is {{result:0.days}} days till Christmas, {{ result:1 }} degrees' },
      { type: 'text' as const, text: 'Unknown: {{result:2.days}}; an object: {{result:0}}' },
    ];
    const results: unknown[] = [{ days: 99 }, 21.5];
    const how = { closing: 'bye', resultOf: (call: number) => results[call] };
    expect(goldTurn(gold, 0, how)).toEqual({ type: 'text', text: 'It is 99 days till Christmas, 21.5 degrees' });
    expect(goldTurn(gold, 1, how)).toEqual({
      type: 'text',
      text: 'Unknown: {{result:2.days}}; an object: {{result:0}}',
    });
    expect(goldTurn(gold, 2, how)).toEqual({ type: 'text', text: 'bye' });
  });
});
