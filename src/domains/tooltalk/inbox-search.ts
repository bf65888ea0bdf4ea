/**
 * The search rule SearchInbox and SearchMessages share: drop items dated after "now", filter by sender
 * and date range, match lower-cased keywords (any or all) as substrings, newest five first.
 */
import type { ToolContext } from '../../tools/index.js';
import { DATE_TIME_FORMAT, pythonSplit } from './python-time.js';
import { conversationNow, failWith, parseTime } from './tooltalk-tool.js';

export interface SearchFilters {
  readonly query?: string | undefined;
  readonly match_type?: string | undefined;
  readonly sender?: string | undefined;
  readonly start_date?: string | undefined;
  readonly end_date?: string | undefined;
}

export interface Searchable<T> {
  readonly item: T;
  readonly date: string;
  readonly sender: string;
  /** The lower-cased texts a keyword may occur in. */
  readonly texts: readonly string[];
}

/** Checks the filters (throwing the reference's texts) before any item is looked at. */
export function checkFilters(filters: SearchFilters): void {
  const { query, sender, start_date: start, end_date: end } = filters;
  if (query === undefined && sender === undefined && start === undefined && end === undefined) {
    failWith('invalid-value', 'At least one of query, sender, start_date, end_date must be provided.');
  }
  if (!['any', 'all'].includes(filters.match_type ?? 'any')) {
    failWith('invalid-value', 'match_type must be either "any" or "all".');
  }
}

export function searchItems<T>(items: readonly Searchable<T>[], filters: SearchFilters, context: ToolContext): T[] {
  const start = filters.start_date === undefined ? undefined : parseTime(filters.start_date, DATE_TIME_FORMAT).key;
  const end = filters.end_date === undefined ? undefined : parseTime(filters.end_date, DATE_TIME_FORMAT).key;
  if (start !== undefined && end !== undefined && start > end) {
    failWith('invalid-value', 'Start date must be earlier than end date.');
  }
  const keywords = filters.query ? pythonSplit(filters.query.toLowerCase()) : undefined;
  const matchAll = (filters.match_type ?? 'any') === 'all';
  const now = conversationNow(context).key;
  const matched: { item: T; date: number; position: number }[] = [];
  items.forEach((candidate, position) => {
    const date = parseTime(candidate.date, DATE_TIME_FORMAT).key;
    if (now < date) return;
    if (filters.sender !== undefined && filters.sender !== candidate.sender) return;
    if (start !== undefined && start > date) return;
    if (end !== undefined && end < date) return;
    if (keywords !== undefined) {
      const hits = keywords.map((keyword) => candidate.texts.some((text) => text.includes(keyword)));
      if (!(matchAll ? hits.every(Boolean) : hits.some(Boolean))) return;
    }
    matched.push({ item: candidate.item, date, position });
  });
  // Python's sort is stable, and so is this: ties keep their order, newest first.
  matched.sort((a, b) => b.date - a.date || a.position - b.position);
  return matched.slice(0, 5).map((entry) => entry.item);
}
