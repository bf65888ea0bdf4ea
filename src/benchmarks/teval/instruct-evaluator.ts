/**
 * INSTRUCT: call a named tool with given arguments in a demanded format. Format success scores half; the
 * other half is the share of (tool name + each gold argument) that equals the gold by Python `==`.
 * JSON replies are loaded leniently and read through the template's key names; string replies are cut by
 * the template's delimiters (a greedy regular expression built from them, unescaped as the reference
 * builds it) and their arguments read as a Python literal.
 */
import { lenientLoad, pyStrip } from './lenient-load.js';
import { parsePythonLiteral } from './python-literal.js';
import { pyStr } from './python-repr.js';
import { isDict, PyDict, type PyValue, pyEquals } from './python-value.js';
import type { TevalFormat } from './teval-case.js';

export interface InstructScore {
  readonly format: number;
  readonly args: number;
  /** (format + args) / 2: what Table 1's INSTRUCT columns average. */
  readonly score: number;
  readonly prediction?: { readonly action: PyValue; readonly args: PyDict };
  readonly error?: string;
}

const DELIMITERS = ['thought_start', 'thought_end', 'action_start', 'action_end', 'args_start', 'args_end'] as const;

export function scoreInstruct(
  format: TevalFormat,
  reply: string,
  groundTruth: PyValue,
  template: PyValue,
): InstructScore {
  const parsed = format === 'json' ? parseJsonCall(reply, template) : parseStringCall(reply, template);
  if ('error' in parsed) return { format: 0, args: 0, score: 0, error: parsed.error };
  const goldAction = isDict(groundTruth) ? (groundTruth.get('action') ?? null) : null;
  const goldArgsValue = isDict(groundTruth) ? groundTruth.get('args') : undefined;
  const goldArgs = isDict(goldArgsValue) ? goldArgsValue : new PyDict();
  let matched = pyEquals(parsed.action, goldAction) ? 1 : 0;
  for (const [key, value] of goldArgs.entries()) {
    // Python's `args.get(key, "")`: a key given as None stays None (it matches a gold None), only a
    // missing key becomes "".
    if (pyEquals(parsed.args.has(key) ? (parsed.args.get(key) ?? null) : '', value)) matched++;
  }
  const args = matched / (goldArgs.size + 1);
  return { format: 1, args, score: (1 + args) / 2, prediction: parsed };
}

type ParsedCall = { action: PyValue; args: PyDict } | { error: string };

function parseJsonCall(reply: string, template: PyValue): ParsedCall {
  const loaded = lenientLoad(reply);
  if (!loaded.ok) return { error: loaded.error };
  if (!isDict(loaded.value)) return { error: 'the reply is not a dict' };
  if (!isDict(template)) return { error: 'the item has no JSON template' };
  const keys = ['thought', 'action', 'args'].map((name) => template.get(name));
  const values = keys.map((key) => (key === undefined || !isDict(loaded.value) ? undefined : loaded.value.get(key)));
  const missing = keys.find((key, index) => key === undefined || values[index] === undefined);
  if (missing !== undefined || values.some((value) => value === undefined)) {
    return { error: `the reply lacks a key the template names (${keys.map((key) => pyStr(key ?? null)).join(', ')})` };
  }
  const args = values[2];
  return { action: values[1] ?? null, args: isDict(args) ? args : new PyDict() };
}

function parseStringCall(reply: string, template: PyValue): ParsedCall {
  if (!isDict(template)) return { error: 'the item has no string template' };
  const parts = DELIMITERS.map((name) => template.get(name));
  if (parts.some((part) => typeof part !== 'string')) return { error: 'the string template lacks a delimiter' };
  const [thoughtStart, thoughtEnd, actionStart, actionEnd, argsStart, argsEnd] = parts as string[];
  let pattern: RegExp;
  try {
    pattern = new RegExp(
      `${thoughtStart}(.*)${thoughtEnd}${actionStart}(.*)${actionEnd}${argsStart}(.*)${argsEnd}`,
      's',
    );
  } catch (error) {
    return { error: `the template's delimiters do not form a regular expression: ${String(error)}` };
  }
  const match = pattern.exec(reply);
  if (!match) return { error: 'the reply does not follow the template' };
  const action = pyStrip(match[2] ?? '');
  try {
    const args = parsePythonLiteral(pyStrip(match[3] ?? ''));
    return { action, args: isDict(args) ? args : new PyDict() };
  } catch {
    // The reference keeps the call with empty arguments when they are not a Python literal.
    return { action, args: new PyDict() };
  }
}
