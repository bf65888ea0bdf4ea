/**
 * Wrong solutions a query's gold trajectories must not accept (issue 25), made from its first gold
 * trajectory by one change each:
 *
 * - **look-alike**: a call replaced by the more general API whose name its name extends
 *   (`get_patent_with_title` for `get_patent_with_title_and_date`, `get_articles` for
 *   `get_articles_published_after`), keeping the arguments that API declares — the paper's IAC example;
 * - **dropped constraint**: an answer-narrowing argument the query states (see
 *   {@link STATED_CONSTRAINTS}) left out when optional; when required, the call's dates moved a day back;
 * - **first page only**: a page-size argument the gold leaves free (`$any`) set back to the API's
 *   default, when that default page does not hold every result (the result says `total_pages` > 1).
 *
 * Each is played with the query's correct final answer; none may score IAC 1 and IAV 1 (then some gold
 * trajectory would accept a solution that ignores what the query asked). `search_movie`'s `year`, a
 * crew list's `department` and a credit list's `role` are not in the list: with a unique title or a
 * named person they do not change which record answers, and reading the full list is a fair way to it.
 */
import { exampleOf, type GoldCall, isAnyValue } from '../../scoring/call-patterns.js';
import type { ToolSchema } from '../../spec/index.js';

/** Arguments that narrow the answer set to what the query states (a date, a site, a category, a status). */
export const STATED_CONSTRAINTS: ReadonlySet<string> = new Set([
  'granted_after',
  'category',
  'excluded',
  'news_site',
  'featured',
  'status',
  'date',
  'start_date',
  'end_date',
]);

/** Arguments that size a page of results. */
const PAGE_SIZES: ReadonlySet<string> = new Set(['page_size', 'limit', 'count']);
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

export interface LoopholePlay {
  readonly name: string;
  readonly calls: readonly { readonly api: string; readonly arguments: Record<string, unknown> }[];
  /** Only a wrong solution when the call at this index answers with more than one page. */
  readonly onlyIfPagedAt?: number;
}

interface ParameterSchema {
  readonly properties?: Record<string, { default?: unknown }>;
  readonly required?: readonly string[];
}

function played(call: GoldCall): Record<string, unknown> {
  return Object.fromEntries(Object.entries(call.arguments).map(([key, value]) => [key, exampleOf(value)]));
}

function dayBefore(date: string): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
}

/** The wrong plays of a trajectory (see the module comment). */
export function loopholePlays(trajectory: readonly GoldCall[], tools: readonly ToolSchema[]): LoopholePlay[] {
  const schemaOf = new Map(tools.map((tool) => [tool.name, tool.parameters as ParameterSchema]));
  const base = trajectory.map((call) => ({ api: call.api, arguments: played(call) }));
  const plays: LoopholePlay[] = [];
  const replaced = (index: number, call: { api: string; arguments: Record<string, unknown> }) =>
    base.map((original, at) => (at === index ? call : original));
  trajectory.forEach((call, index) => {
    const schema = schemaOf.get(call.api) ?? {};
    const required = new Set(schema.required ?? []);
    for (const [name, parameters] of schemaOf) {
      if (name === call.api || !call.api.startsWith(`${name}_`)) continue;
      const declared = parameters.properties ?? {};
      const args = Object.fromEntries(
        Object.entries(base[index]?.arguments ?? {}).filter(([key]) => Object.hasOwn(declared, key)),
      );
      if ((parameters.required ?? []).every((key) => key in args)) {
        plays.push({
          name: `look-alike ${name} for ${call.api}`,
          calls: replaced(index, { api: name, arguments: args }),
        });
      }
    }
    for (const [key, value] of Object.entries(call.arguments)) {
      if (isAnyValue(value)) {
        const fallback = schema.properties?.[key]?.default;
        if (PAGE_SIZES.has(key) && fallback !== undefined && !sameNumber(fallback, value.$any)) {
          const { [key]: _dropped, ...rest } = base[index]?.arguments ?? {};
          plays.push({
            name: `first page only (${call.api} without ${key})`,
            calls: replaced(index, { api: call.api, arguments: rest }),
            onlyIfPagedAt: index,
          });
        }
        continue;
      }
      if (!STATED_CONSTRAINTS.has(key)) continue;
      if (!required.has(key)) {
        const { [key]: _dropped, ...rest } = base[index]?.arguments ?? {};
        plays.push({ name: `${call.api} without ${key}`, calls: replaced(index, { api: call.api, arguments: rest }) });
      }
    }
    const dates = Object.entries(base[index]?.arguments ?? {}).filter(
      ([key, value]) =>
        STATED_CONSTRAINTS.has(key) &&
        required.has(key) &&
        !isAnyValue(call.arguments[key]) &&
        typeof value === 'string' &&
        ISO_DATE.test(value),
    );
    if (dates.length > 0) {
      // Every date of the call moved together, so that a range stays a valid range.
      const args = {
        ...base[index]?.arguments,
        ...Object.fromEntries(dates.map(([key, value]) => [key, dayBefore(value as string)])),
      };
      plays.push({ name: `${call.api} a day off`, calls: replaced(index, { api: call.api, arguments: args }) });
    }
  });
  return plays;
}

function sameNumber(a: unknown, b: unknown): boolean {
  return typeof a === 'number' && typeof b === 'number' && a === b;
}
