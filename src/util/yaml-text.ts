import { CORE_SCHEMA, loadAll, YAMLException } from 'js-yaml';

/**
 * One YAML document read as plain data with the YAML 1.2 core schema: mappings become plain objects,
 * sequences arrays, and scalars strings, numbers, booleans or null (no dates, no merge keys, no custom
 * tags). A text with no document at all (empty, or only comments) is `null`. Used for every YAML file the
 * project reads; files it writes still go through the `yaml` package.
 */
export function parseYamlText(text: string): unknown {
  let documents: unknown[];
  try {
    documents = loadAll(text, { schema: CORE_SCHEMA });
  } catch (error) {
    throw error instanceof YAMLException ? new YamlSyntaxError(error) : error;
  }
  if (documents.length > 1) {
    throw new YamlSyntaxError({
      reason: `the text holds ${documents.length} documents (split by ---); one is expected`,
    });
  }
  return documents[0] ?? null;
}

/** A YAML text that cannot be read: the reason, and where (1-based line and column) with the lines around it. */
export class YamlSyntaxError extends Error {
  readonly reason: string;
  readonly line?: number;
  readonly column?: number;

  constructor(source: Pick<YAMLException, 'reason' | 'mark'>) {
    const mark = source.mark;
    const where = mark ? ` at line ${mark.line + 1}, column ${mark.column + 1}` : '';
    const snippet = mark?.snippet ? `:\n\n${mark.snippet}` : '';
    super(`${source.reason}${where}${snippet}`);
    this.name = 'YamlSyntaxError';
    this.reason = source.reason;
    if (mark) {
      this.line = mark.line + 1;
      this.column = mark.column + 1;
    }
  }
}
