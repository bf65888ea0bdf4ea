/**
 * The ToolScan query file format (`data/toolscan/queries/*.json`, JSON Schema in
 * `data/toolscan/query.schema.json`). One file per environment:
 *
 * ```json
 * { "formatVersion": 1, "environment": "movies", "queries": [{
 *     "id": "movies-001", "baseId": "movies-b1", "augmentation": "constraint",
 *     "goal": "What is the runtime in minutes of the 2000 film \"The Quiet Lighthouse\"?",
 *     "trajectories": [[{ "api": "search_movie", "arguments": { "query": "The Quiet Lighthouse" } },
 *                       { "api": "get_movie_details", "arguments": { "movie_id": 512 } }]],
 *     "answer": { "type": "number", "value": 89, "tolerance": 0 } }] }
 * ```
 *
 * A gold argument may be `{"$any": <example>}` (any value; the oracle plays the example) or
 * `{"$near": <number>, "tolerance": <number>}` or `{"$min": <number>}` (a number at least it: a page size that
 * must hold every result; the oracle plays the minimum).
 */
import { z } from 'zod';
import { AUGMENTATIONS, IRRELEVANCE_KINDS } from './vocabulary.js';

export const QUERY_FILE_FORMAT_VERSION = 1;

const goldCallSchema = z.object({
  api: z.string().min(1).describe('The API (tool) name.'),
  arguments: z
    .record(z.string(), z.unknown())
    .describe(
      'Arguments; a value may be {"$any": example}, {"$near": number, "tolerance": number} or {"$min": number}.',
    ),
});

const check = z
  .enum(['appears', 'computed'])
  .optional()
  .describe(
    '"appears": the proof checks every expected value appears in the gold results; "computed": the answer is derived (a count, a sum).',
  );

export const answerSpecSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('number'),
    value: z.number(),
    tolerance: z.number().nonnegative().describe('Absolute tolerance.'),
    check,
  }),
  z.object({
    type: z.literal('set'),
    values: z.array(z.string().min(1)).min(1),
    ordered: z.boolean().optional().describe('Compare as a list in order instead of a set.'),
    check,
  }),
  z.object({
    type: z.literal('string'),
    value: z.string().min(1),
    aliases: z.array(z.string().min(1)).optional().describe('Other accepted spellings.'),
    check,
  }),
]);
export type AnswerSpec = z.output<typeof answerSpecSchema>;

export const querySchema = z.object({
  id: z.string().regex(/^[A-Za-z0-9][A-Za-z0-9_.-]*$/, 'letters, digits, ".", "_" and "-"'),
  baseId: z.string().min(1).optional().describe('The seed query this one was augmented from.'),
  goal: z.string().min(1).describe('The query: the only user message.'),
  augmentation: z.enum(AUGMENTATIONS),
  trajectories: z.array(z.array(goldCallSchema).min(1)).min(1).describe('Ground-truth trajectories, best first.'),
  answer: answerSpecSchema,
  irrelevance: z
    .enum(IRRELEVANCE_KINDS)
    .optional()
    .describe(
      "For an irrelevant-constraint variant, the paper's kind: a request no tool serves, a condition no argument expresses, or a parameter meant for another function.",
    ),
});
export type QueryRecord = z.output<typeof querySchema>;

/** The file; queries are checked one by one so that one bad query does not lose the rest. */
export const queryFileSchema = z.object({
  $schema: z.string().optional(),
  formatVersion: z.literal(QUERY_FILE_FORMAT_VERSION),
  environment: z.string().min(1),
  queries: z.array(z.unknown()),
});

/** The JSON Schema users' editors validate a query file with (committed as data/toolscan/query.schema.json). */
export function queryFileJsonSchema(): Record<string, unknown> {
  const schema = z.toJSONSchema(queryFileSchema.extend({ queries: z.array(querySchema) }), {
    target: 'draft-2020-12',
    io: 'input',
  }) as Record<string, unknown>;
  return { ...schema, title: 'toolgauge ToolScan query file' };
}
