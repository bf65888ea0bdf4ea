import { z } from 'zod';
import { CLAIM_KINDS } from '../../scoring/index.js';
import { SANDBOX_CATEGORIES } from './categories.js';

/**
 * The scenario file format (YAML or JSON), validated at load. `scenarioFileJsonSchema()` exports it for
 * editors. Values in rows and arguments may be `{ $localTime: "2026-03-15T17:00" }`, a local date-time
 * in the scenario's time zone, turned into epoch seconds at load.
 */
export const SCENARIO_FORMAT_VERSION = 1;

export { SANDBOX_CATEGORIES, type SandboxCategory } from './categories.js';

const localTime = z
  .object({ $localTime: z.string().describe('Local date-time in the scenario time zone, e.g. 2026-03-15T17:00.') })
  .strict();
const cell = z.union([z.string(), z.number(), z.boolean(), z.null(), localTime]);
const row = z.record(z.string(), cell);
const argumentValue: z.ZodType = z.lazy(() =>
  z.union([cell, z.array(argumentValue), z.record(z.string(), argumentValue)]),
);
const callArguments = z.record(z.string(), argumentValue);
// Underscores too: the ToolSandbox corpus keeps the paper's scenario names (`send_message_with_phone_number_and_content`).
const id = z.string().regex(/^[a-z0-9][a-z0-9_-]*$/, 'use lower-case letters, digits, dashes and underscores');

const numeric = z.union([z.number(), z.string()]);
const fact = z.union([
  z
    .object({
      number: numeric,
      tolerance: z.number().nonnegative().optional(),
      absolute: z.boolean().optional(),
      unit: z
        .string()
        .min(1)
        .optional()
        .describe('The unit of the value (mi, degF, kg…): a number stated in another unit of its kind is converted.'),
      convert: z
        .boolean()
        .optional()
        .describe('false: the user asked for this unit; a number in another unit of its kind is a wrong answer.'),
    })
    .strict(),
  z.object({ amount: numeric, currency: z.string().min(3), tolerance: z.number().nonnegative().optional() }).strict(),
  z
    .object({
      time: z.string().regex(/^(\d{2}:\d{2}|\{\{.+\}\})$/, 'a time of day HH:MM'),
      date: z
        .string()
        .regex(/^(\d{4}-\d{2}-\d{2}|\{\{.+\}\})$/, 'a date YYYY-MM-DD')
        .optional()
        .describe(
          'The day of that time: "yesterday at 10:52" for a time today is wrong; "48 minutes ago" is read against it.',
        ),
      tolerance: z
        .number()
        .nonnegative()
        .optional()
        .describe('Minutes a relative time ("about an hour ago") may be off.'),
    })
    .strict(),
  z.object({ date: z.string().regex(/^(\d{4}-\d{2}-\d{2}|\{\{.+\}\})$/, 'a date YYYY-MM-DD') }).strict(),
  z.object({ name: z.union([z.string().min(1), z.array(z.string().min(1)).min(1)]) }).strict(),
  z.object({ yes: z.boolean() }).strict(),
  z.object({ words: z.union([z.string().min(1), z.array(z.string().min(1)).min(1)]) }).strict(),
  z.object({ phone: z.string().min(1).describe('A phone number (E.164); found in any usual form.') }).strict(),
  z
    .object({
      count: numeric,
      of: z.array(z.string().min(1)).min(1).describe('The nouns counted: "2 texts", "two messages", "twice".'),
    })
    .strict(),
  z
    .object({
      duration: numeric.describe('Seconds; found as "1 day and 3 hours", "27 hours", "an hour and a half".'),
      tolerance: z.number().nonnegative().optional(),
    })
    .strict(),
  z.object({ weekday: z.string().min(3).describe('A weekday name; another weekday stated is wrong.') }).strict(),
  z
    .object({
      state: z
        .enum(['wifi', 'cellular', 'location_service', 'low_battery_mode'])
        .describe('A switch of the phone; the answer must say it is on/off (another state stated is wrong).'),
      on: z.boolean(),
    })
    .strict(),
  z
    .object({
      higher: z.union([z.string().min(1), z.array(z.string().min(1)).min(1)]),
      lower: z.union([z.string().min(1), z.array(z.string().min(1)).min(1)]),
    })
    .strict()
    .describe('A conclusion: the answer says `higher` is more/pricier/warmer than `lower` (the opposite is wrong).'),
  z
    .object({
      did: z
        .enum(CLAIM_KINDS)
        .describe('The answer reports this action done, in any wording (sent-message, saved-contact, …).'),
    })
    .strict(),
  z
    .object({
      absent: z
        .union([z.string().min(1), z.array(z.string().min(1)).min(1)])
        .describe('Words or phrases the answer must not state (whole words, any case); stating one is a wrong fact.'),
    })
    .strict(),
]);

const columnSimilarity = z.union([
  z.enum(['exact', 'contains', 'rouge-l', 'ignore', 'phone']),
  z.object({ close: z.number().nonnegative() }).strict(),
  z
    .object({ facts: z.array(fact).min(1) })
    .strict()
    .describe('A text judged by its values: it must state every fact and contradict none (e.g. a sent text).'),
]);
const columns = z.record(z.string(), columnSimilarity);

const constraint = z.discriminatedUnion('type', [
  z.object({ type: z.literal('table'), table: z.string(), rows: z.array(row), columns: columns.optional() }).strict(),
  z
    .object({
      type: z.enum(['rows-added', 'rows-removed', 'rows-updated']),
      table: z.string(),
      rows: z.array(row),
      columns: columns.optional(),
      since: id.optional().describe('Milestone whose message is the reference; default: the initial world.'),
      including: z
        .boolean()
        .optional()
        .describe(
          'true: the changed rows include these, whatever else changed (default in minefields); false: exactly these (default in milestones).',
        ),
    })
    .strict(),
  z
    .object({
      type: z.literal('tool-call'),
      tool: z.string(),
      arguments: callArguments.optional(),
      argumentSimilarity: columns.optional(),
      tolerance: z.record(z.string(), z.number().nonnegative()).optional(),
      alternatives: z.array(callArguments).optional(),
      attempted: z.boolean().optional(),
      result: z
        .union([callArguments, z.array(callArguments).min(1)])
        .optional()
        .describe(
          'Fields the successful result must hold (any item of a list result), or a list of such field sets each held by some item; a call whose result holds them counts whatever its arguments.',
        ),
    })
    .strict(),
  z
    .object({
      type: z.literal('claim'),
      claim: z.enum(CLAIM_KINDS).describe('What the agent must not claim to have done or found.'),
      about: z
        .array(z.string().min(1))
        .optional()
        .describe('Words of which one must be in the claiming clause (a name, a currency).'),
    })
    .strict(),
  z
    .object({
      type: z.literal('message'),
      from: z.enum(['agent', 'user']),
      text: z.string().min(1),
      similarity: z.enum(['rouge-l', 'contains', 'exact']).optional(),
      facts: z
        .array(fact)
        .min(1)
        .optional()
        .describe(
          'Facts the answer must state; the answer is scored by them (wording breaks ties). Ignored by --scoring paper.',
        ),
    })
    .strict(),
]);

const milestone = z
  .object({
    id,
    description: z.string().optional(),
    constraints: z.array(constraint).min(1),
    guardrailExclude: z.array(z.string()).optional(),
    scored: z
      .boolean()
      .optional()
      .describe('false: matched and shown but not counted (the explanation in insufficient-information scenarios).'),
    weight: z
      .number()
      .positive()
      .optional()
      .describe('Weight in the mean (default 1); enabling steps may weigh less. Ignored by --scoring paper.'),
  })
  .strict();

const edge = z.tuple([id, id]);

const turn = z.union([
  z.object({ say: z.string() }).strict(),
  z
    .object({
      call: z
        .array(z.object({ tool: z.string(), arguments: callArguments.default({}) }).strict())
        .min(1)
        .describe('Calls made in one turn; more than one are parallel calls.'),
    })
    .strict(),
]);

const tableChanges = z
  .object({
    add: z.array(row).optional(),
    update: z.array(z.object({ key: z.union([z.string(), z.number()]), set: row }).strict()).optional(),
    remove: z.array(z.union([z.string(), z.number()])).optional(),
  })
  .strict();

export const scenarioFileSchema = z
  .object({
    formatVersion: z.literal(SCENARIO_FORMAT_VERSION),
    id,
    description: z.string().min(1),
    categories: z.array(z.enum(SANDBOX_CATEGORIES)).min(1),
    world: z
      .object({
        preset: z.string(),
        changes: z.record(z.string(), tableChanges).optional(),
      })
      .strict(),
    clock: z.object({ now: z.string(), timeZone: z.string() }).strict(),
    tools: z
      .object({
        allow: z.array(z.string()).min(1).describe('The agent tools the scenario needs.'),
        deny: z.array(z.string()).optional().describe('Tools never offered, not even as distractions.'),
      })
      .strict(),
    user: z
      .object({
        goal: z.string().min(1).describe("The simulated user's task, in the second person."),
        knowledge: z.string().min(1).describe('What the user knows and must not make up.'),
        opening: z.string().min(1).describe('The first user message.'),
        paraphrases: z.array(z.string().min(1)).optional().describe('Other wordings of the opening message.'),
        replies: z.array(z.string().min(1)).optional().describe("The scripted user's answers, in order."),
        demonstrations: z
          .array(z.array(z.object({ from: z.enum(['user', 'agent']), text: z.string() }).strict()))
          .optional(),
      })
      .strict(),
    milestones: z.array(milestone).min(1),
    edges: z
      .array(edge)
      .optional()
      .describe(
        'Order constraints [before, after] between milestones; required when there are two or more ([] means any order).',
      ),
    minefields: z.array(milestone).optional(),
    minefieldEdges: z.array(edge).optional().describe('Order constraints between minefields; default: none.'),
    solutions: z
      .object({
        gold: z.array(turn).min(1),
        wrong: z.array(z.array(turn).min(1)).min(1),
        alternatives: z
          .array(z.array(turn).min(1))
          .optional()
          .describe(
            'Other correct solutions (another order, an argument form the tool accepts, a concise answer…); each must score at least 0.95.',
          ),
      })
      .strict(),
  })
  .strict();

export type ScenarioFile = z.infer<typeof scenarioFileSchema>;
export type ScenarioTurn = z.infer<typeof turn>;

/** The JSON Schema of scenario files, for editors. */
export function scenarioFileJsonSchema(): Record<string, unknown> {
  return z.toJSONSchema(scenarioFileSchema, { target: 'draft-2020-12', io: 'input', unrepresentable: 'any' });
}
