/**
 * When a predicted call counts as the ground-truth call: one rule per tool, as the reference decides it.
 * 17 tools use the default rule (same response, same exception, every ground-truth argument present and
 * equal, extra predicted arguments ignored); 11 override it. Free text (event names, reminder tasks,
 * email subjects and bodies, message texts) is compared by embedding similarity against a threshold:
 * `strict` where the reference uses 0.9 and `loose` where it uses 0.8, with values per embedder.
 *
 * Two modes. `reference-compatible` keeps the reference's quirks, so its numbers can be reproduced:
 * the SendMessage receiver is never compared (the reference compares it with itself), and arguments are
 * compared as exact strings (`"new york"` does not match `"New York"` even though the tool reads both
 * the same). `default` fixes both: the receiver must be equal, and the arguments a tool normalises
 * (weather locations, trimmed and lower-cased; the month, lower-cased) are compared normalised.
 * In both modes a malformed predicted due date or a non-text free-text value is a mismatch, where the
 * reference would crash.
 */
import { DATE_TIME_FORMAT, isValidDateTime, pythonStrip, strptime } from '../../domains/tooltalk/index.js';
import type { ApiCallRecord } from './call-executor.js';

export type ComparisonMode = 'default' | 'reference-compatible';
export type SimilarityLevel = 'strict' | 'loose';

export interface ComparisonContext {
  readonly mode: ComparisonMode;
  /** Whether two texts are similar enough at a level (the embedder's threshold for it). */
  similar(prediction: unknown, groundTruth: unknown, level: SimilarityLevel): boolean;
}

type Comparator = (prediction: ApiCallRecord, groundTruth: ApiCallRecord, context: ComparisonContext) => boolean;

/** Deep equality with Python's `==` semantics on JSON values (object key order does not matter). */
export function pythonEquals(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') {
    return typeof a === 'number' && typeof b === 'number' ? a === b : false;
  }
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
    return a.every((item, index) => pythonEquals(item, b[index]));
  }
  const left = a as Record<string, unknown>;
  const right = b as Record<string, unknown>;
  const keys = Object.keys(left);
  if (keys.length !== Object.keys(right).length) return false;
  return keys.every((key) => key in right && pythonEquals(left[key], right[key]));
}

const parametersOf = (call: ApiCallRecord): Readonly<Record<string, unknown>> => call.request.parameters ?? {};

/** Arguments a tool reads normalised, compared normalised in the default mode. */
const NORMALISED_ARGUMENTS: Readonly<Record<string, Readonly<Record<string, (value: string) => string>>>> = {
  CurrentWeather: { location: (value) => pythonStrip(value.toLowerCase()) },
  ForecastWeather: { location: (value) => pythonStrip(value.toLowerCase()) },
  HistoricWeather: { location: (value) => pythonStrip(value.toLowerCase()), month: (value) => value.toLowerCase() },
};

function argumentEquals(tool: string, key: string, predicted: unknown, truth: unknown, mode: ComparisonMode): boolean {
  const normalise = mode === 'default' ? NORMALISED_ARGUMENTS[tool]?.[key] : undefined;
  if (normalise && typeof predicted === 'string' && typeof truth === 'string') {
    return normalise(predicted) === normalise(truth);
  }
  return pythonEquals(predicted, truth);
}

/** Every ground-truth argument is present in the prediction and equal (extra predicted ones are ignored). */
function groundTruthArgumentsEqual(
  prediction: ApiCallRecord,
  groundTruth: ApiCallRecord,
  mode: ComparisonMode,
): boolean {
  const predicted = parametersOf(prediction);
  return Object.entries(parametersOf(groundTruth)).every(
    ([key, value]) =>
      key in predicted && argumentEquals(groundTruth.request.api_name, key, predicted[key], value, mode),
  );
}

const sameException = (prediction: ApiCallRecord, groundTruth: ApiCallRecord) =>
  prediction.exception === groundTruth.exception;
const sameToken = (prediction: ApiCallRecord, groundTruth: ApiCallRecord) =>
  parametersOf(prediction).session_token === parametersOf(groundTruth).session_token;

export const defaultComparator: Comparator = (prediction, groundTruth, { mode }) =>
  pythonEquals(prediction.response, groundTruth.response) &&
  sameException(prediction, groundTruth) &&
  groundTruthArgumentsEqual(prediction, groundTruth, mode);

/** Ground-truth ids ⊆ predicted ids in a list field of the response (retrieval tools). */
function idsContained(listField: string, idField: string): Comparator {
  return (prediction, groundTruth) => {
    if (!sameException(prediction, groundTruth) || !sameToken(prediction, groundTruth)) return false;
    const truthItems = listOf(groundTruth.response, listField);
    if (truthItems === undefined) return prediction.response === null || prediction.response === undefined;
    const predictedIds = new Set((listOf(prediction.response, listField) ?? []).map((item) => idOf(item, idField)));
    return truthItems.every((item) => predictedIds.has(idOf(item, idField)));
  };
}

function listOf(response: unknown, field: string): readonly unknown[] | undefined {
  if (response === null || typeof response !== 'object') return undefined;
  const list = (response as Record<string, unknown>)[field];
  return Array.isArray(list) ? list : undefined;
}

function idOf(item: unknown, field: string): unknown {
  return item !== null && typeof item === 'object' ? (item as Record<string, unknown>)[field] : undefined;
}

/** Ground-truth keys must be present and non-null; free-text keys by similarity, the rest exactly. */
function freeTextComparator(freeText: readonly string[], compareResponse: boolean): Comparator {
  return (prediction, groundTruth, context) => {
    if (compareResponse && !pythonEquals(prediction.response, groundTruth.response)) return false;
    if (!sameException(prediction, groundTruth)) return false;
    const predicted = parametersOf(prediction);
    return Object.entries(parametersOf(groundTruth)).every(([key, value]) => {
      if (!(key in predicted)) return false;
      const predictedValue = predicted[key];
      if (predictedValue === null || predictedValue === undefined) return false;
      if (freeText.includes(key)) return context.similar(predictedValue, value, 'strict');
      return pythonEquals(predictedValue, value);
    });
  };
}

const addAlarm: Comparator = (prediction, groundTruth, { mode }) =>
  sameException(prediction, groundTruth) && groundTruthArgumentsEqual(prediction, groundTruth, mode);

const addReminder: Comparator = (prediction, groundTruth, context) => {
  if (!sameException(prediction, groundTruth)) return false;
  const predicted = parametersOf(prediction);
  return Object.entries(parametersOf(groundTruth)).every(([key, value]) => {
    if (!(key in predicted)) return false;
    const predictedValue = predicted[key];
    if (key === 'due_date') {
      if (typeof predictedValue !== 'string' || typeof value !== 'string') return false;
      if (!isValidDateTime(predictedValue, DATE_TIME_FORMAT) || !isValidDateTime(value, DATE_TIME_FORMAT)) return false;
      const a = strptime(predictedValue, DATE_TIME_FORMAT);
      const b = strptime(value, DATE_TIME_FORMAT);
      return a.year === b.year && a.month === b.month && a.day === b.day;
    }
    if (key === 'task') return context.similar(predictedValue, value, 'strict');
    return pythonEquals(predictedValue, value);
  });
};

const getReminders: Comparator = (prediction, groundTruth) =>
  pythonEquals(prediction.request, groundTruth.request) &&
  idsContained('reminders', 'reminder_id')(prediction, groundTruth, {
    mode: 'default',
    similar: () => false,
  });

const sendEmail: Comparator = (prediction, groundTruth, context) => {
  if (!sameException(prediction, groundTruth) || !sameToken(prediction, groundTruth)) return false;
  const predicted = parametersOf(prediction);
  const truth = parametersOf(groundTruth);
  if (!Array.isArray(predicted.to) || !Array.isArray(truth.to)) return false;
  const predictedTo = new Set(predicted.to.map(String));
  const truthTo = new Set(truth.to.map(String));
  if (predictedTo.size !== truthTo.size || [...truthTo].some((address) => !predictedTo.has(address))) return false;
  return (
    context.similar(predicted.subject, truth.subject, 'strict') && context.similar(predicted.body, truth.body, 'loose')
  );
};

const sendMessage: Comparator = (prediction, groundTruth, context) => {
  if (!sameException(prediction, groundTruth) || !sameToken(prediction, groundTruth)) return false;
  const predicted = parametersOf(prediction);
  const truth = parametersOf(groundTruth);
  // The reference compares the predicted receiver with itself, so any receiver passes; fixed by default.
  if (context.mode === 'default' && !pythonEquals(predicted.receiver, truth.receiver)) return false;
  return context.similar(predicted.message, truth.message, 'loose');
};

/** The 11 tools with their own rule; every other tool uses {@link defaultComparator}. */
export const COMPARATOR_OVERRIDES: Readonly<Record<string, Comparator>> = {
  AddAlarm: addAlarm,
  FindAlarms: idsContained('alarms', 'alarm_id'),
  CreateEvent: freeTextComparator(['name', 'description', 'location'], false),
  ModifyEvent: freeTextComparator(['new_name', 'new_description', 'new_location'], true),
  QueryCalendar: idsContained('events', 'event_id'),
  SearchInbox: idsContained('emails', 'email_id'),
  SendEmail: sendEmail,
  SearchMessages: idsContained('messages', 'message_id'),
  SendMessage: sendMessage,
  AddReminder: addReminder,
  GetReminders: getReminders,
};

/** The free-text arguments of each tool and the level they are compared at (for precomputing embeddings). */
export const FREE_TEXT_ARGUMENTS: Readonly<Record<string, Readonly<Record<string, SimilarityLevel>>>> = {
  CreateEvent: { name: 'strict', description: 'strict', location: 'strict' },
  ModifyEvent: { new_name: 'strict', new_description: 'strict', new_location: 'strict' },
  SendEmail: { subject: 'strict', body: 'loose' },
  SendMessage: { message: 'loose' },
  AddReminder: { task: 'strict' },
};

/** Whether a prediction counts as a ground-truth call: same tool name, then the tool's rule. */
export function callsMatch(prediction: ApiCallRecord, groundTruth: ApiCallRecord, context: ComparisonContext): boolean {
  const name = prediction.request.api_name;
  if (name !== groundTruth.request.api_name) return false;
  const comparator = COMPARATOR_OVERRIDES[name] ?? defaultComparator;
  return comparator(prediction, groundTruth, context);
}
