import type { CellValue } from '../../src/report/report-data';

/** The score as the tables print it: three decimals, or a dash when there is none (no episodes). */
export function formatScore(score: number | null | undefined): string {
  return isNumber(score) ? score.toFixed(3) : '—';
}

/** Mean turn count, one decimal. */
export function formatTurns(turns: number | null | undefined): string {
  return isNumber(turns) ? turns.toFixed(1) : '—';
}

/** A 95% interval as "[0.612, 0.781]", or '' when it is missing or not finite. */
export function formatInterval(interval: readonly [unknown, unknown] | null | undefined): string {
  if (!interval) return '';
  const [low, high] = interval;
  if (!isNumber(low) || !isNumber(high)) return '';
  return `[${low.toFixed(3)}, ${high.toFixed(3)}]`;
}

/** A signed change with three decimals and a true minus sign. */
export function formatDelta(delta: number | null | undefined): string {
  if (!isNumber(delta)) return '—';
  const rounded = delta.toFixed(3);
  if (rounded === '0.000' || rounded === '-0.000') return '±0.000';
  return delta > 0 ? `+${rounded}` : `−${rounded.slice(1)}`;
}

/** Dollars: four decimals under a dollar (model calls are cheap), two above. */
export function formatCost(cost: number | null | undefined): string {
  if (!isNumber(cost)) return '—';
  return `$${cost.toFixed(Math.abs(cost) < 1 ? 4 : 2)}`;
}

/** An integer with thousands separators. */
export function formatCount(count: number | null | undefined): string {
  if (!isNumber(count)) return '—';
  return Math.round(count).toLocaleString('en-US');
}

/** Token counts in a compact form: 950, 12.3k, 4.57M. */
export function formatTokens(tokens: number | null | undefined): string {
  if (!isNumber(tokens)) return '—';
  const size = Math.abs(tokens);
  if (size >= 1e6) return `${(tokens / 1e6).toFixed(2)}M`;
  if (size >= 1e4) return `${(tokens / 1e3).toFixed(1)}k`;
  return formatCount(tokens);
}

/** A world cell as text. */
export function formatCell(value: CellValue | undefined): string {
  if (value === undefined) return '';
  if (value === null) return 'null';
  return String(value);
}

/** Any JSON value, pretty-printed (strings quoted, so a result "" is visible). */
export function formatJson(value: unknown): string {
  if (value === undefined) return 'undefined';
  try {
    return JSON.stringify(value, null, 2) ?? String(value);
  } catch {
    return String(value);
  }
}

/** The episode clock ("now" in epoch seconds) in its own time zone. */
export function formatClock(now: number, timeZone: string): string {
  const date = new Date(now * 1000);
  if (Number.isNaN(date.getTime())) return String(now);
  try {
    const text = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hour12: false,
    }).format(date);
    return `${text.replace(',', '')} ${timeZone}`;
  } catch {
    return `${date.toISOString()} (${timeZone})`;
  }
}

const CATEGORY_ABBREVIATIONS: Readonly<Record<string, string>> = {
  single_tool_call: 'STC',
  multiple_tool_call: 'MTC',
  single_user_turn: 'SUT',
  multiple_user_turn: 'MUT',
  state_dependency: 'SD',
  canonicalization: 'C',
  insufficient_information: 'II',
};

const AUGMENTATION_ABBREVIATIONS: Readonly<Record<string, string>> = {
  'distraction-0': '0 DT',
  'distraction-3': '3 DT',
  'distraction-10': '10 DT',
  'distraction-all': 'AT',
  'scrambled-tool-name': 'TNS',
  'scrambled-tool-description': 'TDS',
  'scrambled-arg-description': 'ADS',
  'scrambled-arg-type': 'ATS',
  'scrambled-arg-name': 'ANS',
};

/** The paper's column order for categories (Table 5) and augmentations. */
export const CATEGORY_ORDER: readonly string[] = Object.keys(CATEGORY_ABBREVIATIONS);
export const AUGMENTATION_ORDER: readonly string[] = Object.keys(AUGMENTATION_ABBREVIATIONS);

/** "single_tool_call" → "Single tool call". */
export function humanize(name: string): string {
  const words = name.replace(/[_-]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export function categoryAbbreviation(category: string): string {
  return CATEGORY_ABBREVIATIONS[category] ?? humanize(category);
}

export function augmentationAbbreviation(augmentation: string): string {
  return AUGMENTATION_ABBREVIATIONS[augmentation] ?? augmentation;
}

/** Known names first in the paper's order, then the others alphabetically. */
export function orderNames(names: Iterable<string>, order: readonly string[]): string[] {
  const unique = [...new Set(names)];
  const rank = (name: string): number => {
    const position = order.indexOf(name);
    return position < 0 ? order.length : position;
  };
  return unique.sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
}

/** Shortens long labels (for plot axes) with an ellipsis. */
export function truncate(text: string, length: number): string {
  return text.length <= length ? text : `${text.slice(0, Math.max(1, length - 1))}…`;
}

export function isNumber(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}
