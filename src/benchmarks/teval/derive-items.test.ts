import { describe, expect, it } from 'vitest';
import { reviewAnswer } from './derive-items.js';

describe('REVIEW answers of real tool outcomes', () => {
  it('maps results and the closed set of tool errors onto A–E', () => {
    expect(reviewAnswer({ type: 'result', value: { temperature: 21 } })).toBe('A');
    expect(reviewAnswer({ type: 'result', value: [] })).toBe('E');
    expect(reviewAnswer({ type: 'result', value: null })).toBe('E');
    const error = (
      kind: 'internal' | 'connection' | 'missing-argument' | 'invalid-value' | 'not-found' | 'permission',
    ) => reviewAnswer({ type: 'error', error: { kind, message: 'x' } });
    expect([error('internal'), error('connection')]).toEqual(['B', 'B']);
    expect([error('missing-argument'), error('invalid-value')]).toEqual(['C', 'C']);
    expect([error('not-found'), error('permission')]).toEqual(['E', 'E']);
  });
});
