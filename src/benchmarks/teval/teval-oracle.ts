/**
 * The oracle: answers every item with its ground truth, written in the item's demanded format. Also the
 * wrong answers that `prove` checks score less.
 */
import { pyRepr, pyStr } from './python-repr.js';
import { isDict, isList, PyDict, PyFloat, PyTuple, type PyValue } from './python-value.js';
import { REVIEW_CHOICES } from './review-evaluator.js';
import type { TevalCase } from './teval-case.js';

/** Python's `json.dumps` of a value (ints exact, floats by repr, non-ASCII kept). */
export function toJsonText(value: PyValue): string {
  if (value === null) return 'null';
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (typeof value === 'bigint') return value.toString();
  if (typeof value === 'string') return JSON.stringify(value);
  if (value instanceof PyFloat) {
    if (Number.isNaN(value.value)) return 'NaN';
    if (!Number.isFinite(value.value)) return value.value > 0 ? 'Infinity' : '-Infinity';
    return pyRepr(value);
  }
  if (Array.isArray(value)) return `[${value.map(toJsonText).join(', ')}]`;
  if (value instanceof PyTuple) return `[${value.items.map(toJsonText).join(', ')}]`;
  if (value instanceof PyDict) {
    return `{${value
      .entries()
      .map(([key, item]) => `${JSON.stringify(typeof key === 'string' ? key : pyStr(key))}: ${toJsonText(item)}`)
      .join(', ')}}`;
  }
  return 'null';
}

const field = (value: PyValue | undefined, key: string): PyValue | undefined =>
  isDict(value) ? value.get(key) : undefined;
const argsOf = (value: PyValue | undefined): PyDict => {
  const args = field(value, 'args');
  return isDict(args) ? args : new PyDict();
};

/** The gold answer as a model following the prompt would write it. */
export function oracleReply(item: TevalCase): string {
  const gold = item.groundTruth;
  switch (item.subset) {
    case 'plan': {
      const steps = isList(gold) ? gold : [];
      if (item.format === 'json') {
        return `[${steps
          .map((step) => {
            const args = field(step, 'args');
            return `{"id": ${toJsonText(field(step, 'id') ?? null)}, "name": ${toJsonText(field(step, 'name') ?? '')}, "args": ${JSON.stringify(pyStr(args ?? new PyDict()))}}`;
          })
          .join(', ')}]`;
      }
      return steps
        .filter((step) => field(step, 'name') !== 'FinishAction')
        .map((step) => `Use ${pyStr(field(step, 'name') ?? '')} with ${pyStr(field(step, 'args') ?? new PyDict())}`)
        .join('\n');
    }
    case 'review':
      return `Answer: ${pyStr(field(gold, 'answer') ?? '')}`;
    case 'instruct': {
      const template = item.template;
      const thought = pyStr(field(gold, 'thought') ?? 'Make the requested call.');
      const action = field(gold, 'action') ?? '';
      if (item.format === 'json') {
        const reply = PyDict.of([
          [field(template, 'thought') ?? 'thought', thought],
          [field(template, 'action') ?? 'action', action],
          [field(template, 'args') ?? 'args', argsOf(gold)],
        ]);
        return toJsonText(reply);
      }
      const part = (key: string) => pyStr(field(template, key) ?? '');
      return `${part('thought_start')} ${thought}${part('thought_end')}${part('action_start')} ${pyStr(action)}${part('action_end')}${part('args_start')} ${pyRepr(argsOf(gold))}${part('args_end')}`;
    }
    case 'rru':
      return toJsonText(
        PyDict.of([
          ['thought', field(gold, 'thought') ?? ''],
          ['name', field(gold, 'name') ?? ''],
          ['args', argsOf(gold)],
        ]),
      );
    case 'reason':
      return pyStr(field(gold, 'thought') ?? '');
    case 'retrieve':
      return pyStr(field(gold, 'name') ?? '');
    case 'understand':
      return pyStr(field(gold, 'args') ?? '');
  }
}

/** A wrong answer in the right format: it must score less than the gold whatever the embedder. */
export function wrongReply(item: TevalCase): string {
  const gold = item.groundTruth;
  switch (item.subset) {
    case 'plan': {
      const steps = isList(gold) ? gold.filter((step) => field(step, 'name') !== 'FinishAction') : [];
      // One gold step fewer (recall < 1), or only FinishAction for a one-step plan.
      const kept =
        steps.length > 1
          ? steps.slice(0, -1)
          : [
              PyDict.of([
                ['id', 0n],
                ['name', 'FinishAction'],
                ['args', new PyDict()],
              ]),
            ];
      return oracleReply({ ...item, groundTruth: kept });
    }
    case 'review': {
      const answer = pyStr(field(gold, 'answer') ?? 'A');
      const other = REVIEW_CHOICES.find((choice) => choice !== answer) ?? 'A';
      return `Answer: ${other}`;
    }
    case 'instruct':
      return oracleReply({
        ...item,
        groundTruth: PyDict.of([
          ['action', 'Wrong.tool'],
          ['args', new PyDict()],
        ]),
      });
    case 'rru':
      return toJsonText(
        PyDict.of([
          ['thought', 'No idea.'],
          ['name', 'Wrong.tool'],
          ['args', new PyDict()],
        ]),
      );
    case 'reason':
      return 'There is nothing to do.';
    case 'retrieve':
      return field(gold, 'name') === 'FinishAction' ? 'Wrong.tool' : 'FinishAction';
    case 'understand':
      return argsOf(gold).size === 0 ? "{'unexpected': 1}" : '{}';
  }
}
