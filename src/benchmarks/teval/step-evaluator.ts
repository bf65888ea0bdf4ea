/**
 * REASON, RETRIEVE and UNDERSTAND: the next step of a solution given the history before it. In JSON format
 * one reply `{thought, name, args}` scores all three; in string format the whole reply is the thought
 * (REASON), the tool name (RETRIEVE) or the arguments (UNDERSTAND).
 */
import { lenientLoad } from './lenient-load.js';
import { pyStr } from './python-repr.js';
import { isDict, PyDict, type PyValue } from './python-value.js';
import type { TevalFormat, TevalSubset } from './teval-case.js';
import type { TevalProtocol } from './teval-protocol.js';
import type { PairSimilarity } from './text-similarity.js';

/** A step as the reference prepares it: thought and name as `str()`, args a dict (JSON) or `str()`. */
export interface PreparedStep {
  readonly thought: string;
  readonly name: string;
  readonly args: PyDict | string;
}

export interface StepScore {
  readonly reason: number | null;
  readonly retrieve: number | null;
  readonly understand: number | null;
  readonly parsed: boolean;
  readonly prediction?: PreparedStep | string;
  readonly error?: string;
}

/** The reference's step loader (`{` … `}` slicing); undefined where it yields `{}`. */
export function prepareStep(value: PyValue | string, format: TevalFormat): PreparedStep | undefined {
  let loaded: PyValue;
  if (typeof value === 'string') {
    const result = lenientLoad(value, '{', '}');
    if (!result.ok) return undefined;
    loaded = result.value;
  } else loaded = value;
  if (!isDict(loaded)) return undefined;
  const field = (key: string) => {
    const item = loaded.get(key);
    return item === undefined ? '' : pyStr(item);
  };
  const rawArgs = loaded.get('args');
  const args =
    format === 'json' ? (isDict(rawArgs) ? rawArgs : new PyDict()) : rawArgs === undefined ? '' : pyStr(rawArgs);
  return { thought: field('thought'), name: field('name'), args };
}

export async function scoreStep(
  subset: TevalSubset,
  format: TevalFormat,
  reply: string,
  groundTruth: PyValue,
  similarity: PairSimilarity,
  protocol: TevalProtocol,
): Promise<StepScore> {
  const gold = prepareStep(groundTruth, format);
  const scored = (ability: 'reason' | 'retrieve' | 'understand') =>
    format === 'json' ? subset === 'rru' : subset === ability;
  const empty = (error: string): StepScore => ({
    reason: scored('reason') ? 0 : null,
    retrieve: scored('retrieve') ? 0 : null,
    understand: scored('understand') ? 0 : null,
    parsed: false,
    error,
  });
  if (!gold) return empty('the ground truth is not a {thought, name, args} dict');
  if (format === 'json') {
    const predicted = prepareStep(reply, 'json');
    if (!predicted) return empty('the reply is not a JSON/Python dict');
    const [thought = 0, args = 0] = await similarity([
      [predicted.thought, gold.thought],
      [pyStr(predicted.args), pyStr(gold.args)],
    ]);
    return {
      reason: thought,
      retrieve: predicted.name === gold.name ? 1 : 0,
      understand: protocol.understand === 'embedding' ? args : exactArgs(predicted.args, gold.args, protocol),
      parsed: true,
      prediction: predicted,
    };
  }
  const base = { reason: null, retrieve: null, understand: null, parsed: true, prediction: reply } as const;
  if (subset === 'reason') {
    const [thought = 0] = await similarity([[reply, gold.thought]]);
    return { ...base, reason: thought };
  }
  if (subset === 'retrieve') return { ...base, retrieve: nameInText(reply, gold.name) };
  if (subset === 'understand') {
    const goldArgs = pyStr(gold.args);
    if (protocol.understand === 'embedding') {
      const [args = 0] = await similarity([[reply, goldArgs]]);
      return { ...base, understand: args };
    }
    const stripped = stripAll(stripAll(reply, "'"), '"');
    return { ...base, understand: stripped === goldArgs ? 1 : 0 };
  }
  return empty(`a ${subset} item is not a step item`);
}

/** String RETRIEVE: the gold name appears, and every `a.b` token or `FinishAction` in the reply is it. */
export function nameInText(reply: string, goldName: string): number {
  if (!reply.includes(goldName)) return 0;
  const mentioned = [
    ...(reply.match(/[\p{L}\p{N}_]+\.[\p{L}\p{N}_]+/gu) ?? []),
    ...(reply.match(/FinishAction/g) ?? []),
  ];
  return mentioned.every((name) => name === goldName) ? 1 : 0;
}

/** v2 UNDERSTAND in JSON: the share of gold keys whose `str()` matches. */
function exactArgs(predicted: PyDict | string, gold: PyDict | string, protocol: TevalProtocol): number {
  if (typeof predicted === 'string' || typeof gold === 'string') return 0;
  if (gold.size === 0) return predicted.size === 0 ? 1 : 0;
  let matched = 0;
  for (const [key, value] of gold.entries()) {
    const mine = predicted.get(key);
    if (mine !== undefined && pyStr(mine) === pyStr(value)) matched++;
  }
  return matched / (gold.size + (protocol.quirks === 'faithful' ? 1e-5 : 0));
}

/** Python's `text.strip(quote)`. */
function stripAll(text: string, quote: string): string {
  let start = 0;
  let end = text.length;
  while (start < end && text[start] === quote) start++;
  while (end > start && text[end - 1] === quote) end--;
  return text.slice(start, end);
}
