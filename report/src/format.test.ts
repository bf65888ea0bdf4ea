import { describe, expect, it } from 'vitest';
import {
  augmentationAbbreviation,
  CATEGORY_ORDER,
  categoryAbbreviation,
  formatCell,
  formatClock,
  formatCost,
  formatCount,
  formatDelta,
  formatInterval,
  formatJson,
  formatScore,
  formatTokens,
  formatTurns,
  humanize,
  orderNames,
  truncate,
} from './format';
import { scoreBins } from './score-bins';
import { deltaColor, scoreColor } from './score-color';

describe('numbers', () => {
  it('prints scores with three decimals and a dash for none (NaN arrives as null through JSON)', () => {
    expect(formatScore(0.7304)).toBe('0.730');
    expect(formatScore(1)).toBe('1.000');
    expect(formatScore(null)).toBe('—');
    expect(formatScore(Number.NaN)).toBe('—');
  });

  it('prints turns with one decimal', () => {
    expect(formatTurns(7.25)).toBe('7.3');
    expect(formatTurns(undefined)).toBe('—');
    expect(formatTurns(null)).toBe('—');
  });

  it('prints intervals only when both ends are numbers', () => {
    expect(formatInterval([0.6123, 0.7811])).toBe('[0.612, 0.781]');
    expect(formatInterval([null, 0.7])).toBe('');
    expect(formatInterval([null, null])).toBe('');
    expect(formatInterval(undefined)).toBe('');
  });

  it('signs changes with a true minus', () => {
    expect(formatDelta(0.1234)).toBe('+0.123');
    expect(formatDelta(-0.05)).toBe('−0.050');
    expect(formatDelta(-0.0001)).toBe('±0.000');
    expect(formatDelta(null)).toBe('—');
  });

  it('prints money, counts and tokens', () => {
    expect(formatCost(0.01234)).toBe('$0.0123');
    expect(formatCost(12.5)).toBe('$12.50');
    expect(formatCount(1234567)).toBe('1,234,567');
    expect(formatTokens(950)).toBe('950');
    expect(formatTokens(12_345)).toBe('12.3k');
    expect(formatTokens(4_567_890)).toBe('4.57M');
  });
});

describe('values', () => {
  it('prints cells and JSON as text', () => {
    expect(formatCell(null)).toBe('null');
    expect(formatCell(false)).toBe('false');
    expect(formatCell('<b>')).toBe('<b>');
    expect(formatJson({ a: [1, '<x>'] })).toBe('{\n  "a": [\n    1,\n    "<x>"\n  ]\n}');
    expect(formatJson('')).toBe('""');
    expect(formatJson(undefined)).toBe('undefined');
  });

  it('prints the episode clock in its time zone, and survives a bad zone', () => {
    expect(formatClock(1754300000, 'UTC')).toBe('2025-08-04 09:33 UTC');
    expect(formatClock(1754300000, 'Not/AZone')).toContain('2025-08-04T09:33:20.000Z');
  });
});

describe('names', () => {
  it('abbreviates categories and augmentations as the paper does', () => {
    expect(categoryAbbreviation('insufficient_information')).toBe('II');
    expect(categoryAbbreviation('new_category')).toBe('New category');
    expect(augmentationAbbreviation('distraction-10')).toBe('10 DT');
    expect(augmentationAbbreviation('none')).toBe('none');
    expect(humanize('single_tool_call')).toBe('Single tool call');
  });

  it('orders known names first, then others alphabetically, without duplicates', () => {
    expect(orderNames(['zeta', 'state_dependency', 'alpha', 'single_tool_call', 'zeta'], CATEGORY_ORDER)).toEqual([
      'single_tool_call',
      'state_dependency',
      'alpha',
      'zeta',
    ]);
  });

  it('truncates with an ellipsis', () => {
    expect(truncate('abcdef', 4)).toBe('abc…');
    expect(truncate('abc', 4)).toBe('abc');
  });
});

describe('colours and bins', () => {
  it('maps scores onto red, amber, green and clamps', () => {
    expect(scoreColor(0)).toBe('rgb(246, 200, 195)');
    expect(scoreColor(0.5)).toBe('rgb(250, 234, 190)');
    expect(scoreColor(1)).toBe('rgb(198, 231, 205)');
    expect(scoreColor(7)).toBe(scoreColor(1));
    expect(scoreColor(null)).toBeUndefined();
  });

  it('colours only real changes', () => {
    expect(deltaColor(0.2)).toBe('var(--good-text)');
    expect(deltaColor(-0.2)).toBe('var(--bad-text)');
    expect(deltaColor(0.0001)).toBeUndefined();
  });

  it('bins scores into ten bars, 1.0 in the last', () => {
    const bins = scoreBins([0, 0.05, 0.95, 1, null, 0.5]);
    expect(bins).toHaveLength(10);
    expect(bins.map((bin) => bin.count)).toEqual([2, 0, 0, 0, 0, 1, 0, 0, 0, 2]);
    expect(bins[9]).toMatchObject({ from: 0.9, to: 1 });
  });
});
