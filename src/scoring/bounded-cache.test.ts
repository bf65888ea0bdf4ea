import { describe, expect, it } from 'vitest';
import { BoundedCache } from './bounded-cache.js';
import { rougeL, rougeTokens } from './rouge-l.js';

describe('bounded cache', () => {
  it('computes once per key and forgets the oldest beyond its capacity', () => {
    const calls: string[] = [];
    const cache = new BoundedCache<string, number>(2);
    const length = (key: string) => {
      calls.push(key);
      return key.length;
    };
    expect(cache.get('a', length)).toBe(1);
    expect(cache.get('a', length)).toBe(1);
    expect(cache.get('bb', length)).toBe(2);
    expect(cache.get('ccc', length)).toBe(3);
    expect(cache.size).toBe(2);
    expect(cache.get('a', length)).toBe(1);
    expect(calls).toEqual(['a', 'bb', 'ccc', 'a']);
  });

  it('gives ROUGE-L the same tokens and scores from the cache as computed fresh', () => {
    const text = 'Reminders were created for the meetings tomorrow';
    const first = rougeTokens(text);
    expect(rougeTokens(text)).toBe(first);
    expect(first).toEqual(['remind', 'were', 'creat', 'for', 'the', 'meet', 'tomorrow']);
    expect(rougeL(text, 'I created reminders for tomorrow')).toBeCloseTo(
      rougeL(text, 'I created reminders for tomorrow'),
    );
    expect(rougeL(text, text)).toBe(1);
  });
});
