import { describe, expect, it } from 'vitest';
import { describeFact, parseVerdict } from './answer-judge.js';

describe('the answer judge', () => {
  it('reads the verdict from the first JSON object with a boolean "correct", else calls the answer incorrect', () => {
    expect(parseVerdict('{"correct": true, "reason": "all there"}')).toEqual({ correct: true, reason: 'all there' });
    expect(parseVerdict('Sure! {"note": 1} then {"correct": false}')).toEqual({ correct: false, reason: '' });
    expect(parseVerdict('Looks right to me.').correct).toBe(false);
    expect(parseVerdict('{"correct": "yes"}').correct).toBe(false);
  });

  it('describes each kind of fact as a value, not as a keyword list', () => {
    expect(describeFact({ phone: '+14155550100' })).toBe('the phone number +14155550100');
    expect(describeFact({ count: 2, of: ['text', 'message'] })).toBe('the count 2 (of text / message)');
    expect(describeFact({ state: 'low_battery_mode', on: true })).toBe('low battery mode is on');
    expect(describeFact({ time: '10:52', date: '2026-09-29' })).toBe('the time 10:52 on 2026-09-29');
    expect(describeFact({ higher: ['Oracle'], lower: 'Microsoft' })).toContain('Oracle is higher');
  });
});
