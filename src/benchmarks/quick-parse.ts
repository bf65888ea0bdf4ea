import { NOT_SURE } from '../engine/compiled-parser-helpers.generated.js';
import type { BenchmarkReader } from '../spec/index.js';

/** What a compiled parser (`*.generated.ts`) returned, as the record, or undefined where it is not sure. */
export function sureOrUndefined<R>(fields: unknown): R | undefined {
  return fields === NOT_SURE ? undefined : (fields as R);
}

/**
 * A reader's record parsing without its schema's libraries for the common record: `quick` (a parser
 * zod's compiler made of the record schema) checks a record, or says it is not sure (undefined); only then
 * is the schema imported (`loadSchema`, once), and it decides — naming the field that is wrong. The
 * whole benchmark calls `loadSchema` as it loads, so playing and proving never meet an unloaded schema.
 */
export function quickThenSchemaParse<R>(options: {
  /** The benchmark's name, for the error of a `parseRecord` called before `loadRecordSchema`. */
  readonly name: string;
  readonly quick: (value: unknown) => R | undefined;
  readonly loadSchema: () => Promise<(value: unknown) => R>;
}): Pick<BenchmarkReader<never, R>, 'parseRecord' | 'loadRecordSchema'> & { loadSchema(): Promise<void> } {
  let parseWithSchema: ((value: unknown) => R) | undefined;
  const loadSchema = async () => {
    parseWithSchema ??= await options.loadSchema();
  };
  return {
    parseRecord: (value) => {
      const quick = options.quick(value);
      if (quick !== undefined) return quick;
      if (!parseWithSchema) {
        throw new Error(
          `the ${options.name} record schema is not loaded: await loadRecordSchema(record) before parseRecord`,
        );
      }
      return parseWithSchema(value);
    },
    loadRecordSchema: async (value) => {
      if (options.quick(value) === undefined) await loadSchema();
    },
    loadSchema,
  };
}
