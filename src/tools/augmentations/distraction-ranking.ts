import { WRatio } from 'fuzzball';
import { remembered } from '../../util/remembered.js';
import type { Tool } from '../define-tool.js';

/**
 * Orders the tools a scenario does not need by how distracting they are, most distracting first, as
 * ToolSandbox chooses its distraction tools:
 * 1. tools that share a domain with a necessary tool come before all others;
 * 2. within each of those two groups, tools whose name is closer to the name of some necessary tool
 *    come first (the highest similarity to any necessary tool counts);
 * 3. equal similarities are ordered by name, so the ranking never depends on registration order.
 *
 * Name similarity is fuzzball's `WRatio` (0–100), the scorer the reference takes from rapidfuzz. It is
 * used with fuzzball's default processing, which lower-cases the names and turns `_` into spaces, so
 * the token-based parts of WRatio compare the words of a name (`send_message` shares "message" with
 * `search_messages`). rapidfuzz's `WRatio` does not process by default and would see each name as one
 * token; the words are the better signal for "which tool could be mistaken for this one".
 */
export function rankDistractionTools(
  candidates: readonly Tool[],
  necessary: readonly Tool[],
  /** The group a tool shares with a needed one to rank first; default its domain. */
  groupOf: (tool: Tool) => string = (tool) => tool.domain,
): Tool[] {
  // The ranking reads only names and groups; a benchmark asks for the same few rankings once per case.
  const key = [...necessary, undefined, ...candidates]
    .map((tool) => (tool ? `${tool.name}@${groupOf(tool)}` : '|'))
    .join(',');
  const known = rankings.get(key);
  if (known) {
    // The same tool objects, not only the same names (another registry may reuse a name).
    const given = new Set(candidates);
    if (known.every((tool) => given.has(tool))) return [...known];
  }
  const ranked = rank(candidates, necessary, groupOf);
  if (rankings.size >= 5000) rankings.clear();
  rankings.set(key, ranked);
  return [...ranked];
}

const rankings = new Map<string, readonly Tool[]>();

function rank(candidates: readonly Tool[], necessary: readonly Tool[], groupOf: (tool: Tool) => string): Tool[] {
  const necessaryDomains = new Set(necessary.map(groupOf));
  const ranked = candidates.map((tool) => ({
    tool,
    sharesDomain: necessaryDomains.has(groupOf(tool)),
    similarity: maximumNameSimilarity(tool.name, necessary),
  }));
  ranked.sort(
    (a, b) =>
      Number(b.sharesDomain) - Number(a.sharesDomain) ||
      b.similarity - a.similarity ||
      compareNames(a.tool.name, b.tool.name),
  );
  return ranked.map((entry) => entry.tool);
}

/** The highest name similarity (0–100) of a tool to any necessary tool; 0 when none are needed. */
export function maximumNameSimilarity(name: string, necessary: readonly Tool[]): number {
  return necessary.reduce((best, tool) => Math.max(best, nameSimilarity(name, tool.name)), 0);
}

/** WRatio of two names, remembered: a benchmark has few tool names, and ranking runs for every case. */
const similarities = new Map<string, Map<string, number>>();
function nameSimilarity(a: string, b: string): number {
  const byName = remembered(similarities, a, () => new Map<string, number>());
  return remembered(byName, b, () => WRatio(a, b));
}

/**
 * Name similarities worked out ahead (a benchmark's generated table of its tool names, kept equal to
 * `WRatio` by its test): `rows[i]` holds the similarity of `names[i]` to each name in order, two base-36
 * digits each.
 */
export interface NameSimilarityTable {
  readonly formatVersion: 1;
  readonly names: readonly string[];
  readonly rows: readonly string[];
}

/** Remembers the table's similarities, so ranking computes none of them (a row of the wrong size is an error). */
export function rememberNameSimilarities(table: NameSimilarityTable): void {
  table.names.forEach((a, row) => {
    const digits = table.rows[row] ?? '';
    if (digits.length !== table.names.length * 2) {
      throw new Error(
        `name similarity table: the row of "${a}" has ${digits.length / 2} values, not ${table.names.length}`,
      );
    }
    const byName = remembered(similarities, a, () => new Map<string, number>());
    table.names.forEach((b, column) => {
      byName.set(b, Number.parseInt(digits.slice(column * 2, column * 2 + 2), 36));
    });
  });
}

/** The table of every pair of `names` computed with `WRatio` (what a generated table must hold). */
export function nameSimilarityTable(names: readonly string[]): NameSimilarityTable {
  return {
    formatVersion: 1,
    names: [...names],
    rows: names.map((a) => names.map((b) => WRatio(a, b).toString(36).padStart(2, '0')).join('')),
  };
}

/** Orders names by code unit, the same on every machine and in every locale. */
export function compareNames(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
