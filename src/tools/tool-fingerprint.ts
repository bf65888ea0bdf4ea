import type { ToolSchema } from '../spec/index.js';
import { canonicalJson } from '../util/canonical-json.js';

/**
 * Fingerprints of a list of offered tools, to tell which augmentation a request's tools come from.
 *
 * - `exact`: every shown name, description and parameter schema (keys sorted, tools sorted by name,
 *   `$schema` dropped), so the same tools written in any key order match.
 * - `loose`: only what the augmentations change: tool names and descriptions, argument names and
 *   descriptions, and whether each argument shows a type. It survives a client that rewrites schema
 *   details (adds `additionalProperties`, drops a `pattern`) and still tells the nine augmentations
 *   apart: they differ in the tools offered, in their names or descriptions, in argument names or
 *   descriptions, or in whether argument types are shown.
 */
export interface ToolFingerprint {
  readonly exact: string;
  readonly loose: string;
}

export function toolFingerprint(tools: readonly ToolSchema[]): ToolFingerprint {
  const sorted = [...tools].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  const exact = sorted.map((tool) => {
    const { $schema: _schema, ...parameters } = tool.parameters as Record<string, unknown>;
    return { name: tool.name, description: tool.description, parameters };
  });
  const loose = sorted.map((tool) => [tool.name, tool.description.trim(), looseArguments(tool.parameters)]);
  return { exact: canonicalJson(exact), loose: canonicalJson(loose) };
}

function looseArguments(parameters: Readonly<Record<string, unknown>>): unknown[] {
  const properties = parameters.properties;
  if (!properties || typeof properties !== 'object') return [];
  return Object.entries(properties as Record<string, unknown>)
    .map(([name, property]) => {
      const record = property && typeof property === 'object' ? (property as Record<string, unknown>) : {};
      const description = typeof record.description === 'string' ? record.description.trim() : '';
      const typed = Object.keys(record).some((key) => key !== 'description' && key !== 'title');
      return [name, description, typed];
    })
    .sort((a, b) => (String(a[0]) < String(b[0]) ? -1 : 1));
}
