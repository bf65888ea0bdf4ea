/**
 * The parity suite's comparison (test support): toolgauge's per-item fields beside the reference
 * evaluators' recorded ones (fixtures/reference-parity), field by field, with the reference's names.
 */
import type { ItemScore } from './teval-score.js';

/** One recorded reference result: its per-item fields, or the exception it raised. */
export type ReferenceItem = Record<string, number | number[]> | { readonly crash: string };

export interface FieldDifference {
  readonly field: string;
  readonly reference: unknown;
  readonly toolgauge: unknown;
}

/** The file kinds of the suite, by the reference file name's stem. */
export function fileKind(
  fileName: string,
): 'instruct' | 'plan' | 'rru' | 'reason' | 'retrieve' | 'understand' | 'review' {
  if (fileName.startsWith('reason_retrieve_understand')) return 'rru';
  return fileName.split('_')[0] as 'instruct' | 'plan' | 'reason' | 'retrieve' | 'understand' | 'review';
}

/** toolgauge's value for each field the reference records for an item of this file. */
export function toolgaugeFields(fileName: string, score: ItemScore): Record<string, unknown> {
  const metric = (name: string) => score.metrics[name];
  const format = fileName.includes('_json') ? 'json' : 'string';
  switch (fileKind(fileName)) {
    case 'instruct':
      return { format_metric: metric('instruct.format'), args_em_metric: metric('instruct.args') };
    case 'plan': {
      const parse = score.parse as { matching: readonly number[] };
      return {
        precision: metric('plan.precision'),
        recall: metric('plan.recall'),
        f1_score: metric(`plan.${format}`),
        parse_rate: metric('parsed'),
        matching: parse.matching,
      };
    }
    case 'review':
      return { parse_rate: metric('parsed'), review_quality: metric('review') };
    case 'rru':
      return {
        thought: metric('reason.json'),
        name: metric('retrieve.json'),
        args: metric('understand.json'),
        parse_rate: metric('parsed'),
      };
    case 'reason':
      return { thought: metric('reason.string'), parse_rate: metric('parsed') };
    case 'retrieve':
      return { name: metric('retrieve.string'), parse_rate: metric('parsed') };
    case 'understand':
      return { args: metric('understand.string'), parse_rate: metric('parsed') };
  }
}

/**
 * The reference's fields under toolgauge's names: INSTRUCT's `json_`/`string_`/`str_` prefixes dropped
 * (the prefix is the sample's response_format); a plan without a matching (nothing to match) has none.
 */
export function referenceFields(
  fileName: string,
  recorded: Record<string, number | number[]>,
): Record<string, unknown> {
  const fields: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(recorded)) {
    fields[fileKind(fileName) === 'instruct' ? key.replace(/^(json|string|str)_/, '') : key] = value;
  }
  return fields;
}

/** The fields whose values differ (numbers compared exactly; a recorded matching against toolgauge's). */
export function differences(reference: Record<string, unknown>, toolgauge: Record<string, unknown>): FieldDifference[] {
  const out: FieldDifference[] = [];
  for (const [field, expected] of Object.entries(reference)) {
    const actual = toolgauge[field];
    const same =
      field === 'matching'
        ? JSON.stringify(expected) === JSON.stringify(actual)
        : typeof expected === 'number' && typeof actual === 'number' && expected === actual;
    if (!same) out.push({ field, reference: expected, toolgauge: actual });
  }
  return out;
}

/** Identical items and fields of one group, and the first differences for the failure message. */
export class ParityTally {
  items = 0;
  identicalItems = 0;
  fields = 0;
  identicalFields = 0;
  crashes = 0;
  readonly examples: string[] = [];

  add(id: string, found: readonly FieldDifference[], fieldCount: number): void {
    this.items++;
    this.fields += fieldCount;
    this.identicalFields += fieldCount - found.length;
    if (found.length === 0) this.identicalItems++;
    else if (this.examples.length < 8) this.examples.push(`${id}: ${JSON.stringify(found)}`);
  }

  summary(): string {
    return `${this.identicalItems}/${this.items} items, ${this.identicalFields}/${this.fields} fields identical${
      this.crashes ? ` (${this.crashes} reference crashes not counted)` : ''
    }`;
  }
}
