import { describe, expect, it } from 'vitest';
import type { Message, ToolSchema } from '../../spec/index.js';
import { deriveFromGold, deriveFromWrong, resultShape, reviewAnswer } from './derive-items.js';
import { pyRepr } from './python-repr.js';
import { isDict, isList } from './python-value.js';

describe('REVIEW answers of real tool outcomes', () => {
  it('maps results and the closed set of tool errors onto A–E', () => {
    expect(reviewAnswer({ type: 'result', value: { temperature: 21 } })).toBe('A');
    expect(reviewAnswer({ type: 'result', value: [] })).toBe('E');
    expect(reviewAnswer({ type: 'result', value: null })).toBe('E');
    const error = (
      kind: 'internal' | 'connection' | 'missing-argument' | 'invalid-value' | 'not-found' | 'permission',
    ) => reviewAnswer({ type: 'error', error: { kind, message: 'x' } });
    expect([error('internal'), error('connection')]).toEqual(['B', 'B']);
    expect([error('missing-argument'), error('invalid-value')]).toEqual(['C', 'C']);
    expect([error('not-found'), error('permission')]).toEqual(['E', 'E']);
  });
});

const tools: ToolSchema[] = [
  {
    name: 'find_person',
    description: 'Finds a person by name. Returns their id.',
    parameters: {
      type: 'object',
      properties: { name: { type: 'string', description: 'The name.' } },
      required: ['name'],
    },
  },
  {
    name: 'send_note',
    description: 'Sends a note to a person.',
    parameters: {
      type: 'object',
      properties: {
        person_id: { type: 'string', description: 'Who.' },
        text: { type: 'string', description: 'What.' },
      },
      required: ['person_id', 'text'],
    },
  },
];

const base = { visibleTo: ['agent' as const] };
const messages: Message[] = [
  { ...base, index: 0, type: 'text', sender: 'user', recipient: 'agent', text: 'Tell Ada the meeting moved.' },
  {
    ...base,
    index: 1,
    type: 'tool-call',
    sender: 'agent',
    recipient: 'executor',
    batch: 0,
    call: { id: 'c0', name: 'find_person', arguments: { name: 'Ada' } },
  },
  {
    ...base,
    index: 2,
    type: 'tool-result',
    sender: 'executor',
    recipient: 'agent',
    batch: 0,
    callId: 'c0',
    toolName: 'find_person',
    outcome: { type: 'result', value: { id: 'p-17' } },
  },
  { ...base, index: 3, type: 'text', sender: 'agent', recipient: 'user', text: 'What should the note say?' },
  { ...base, index: 4, type: 'text', sender: 'user', recipient: 'agent', text: 'That it moved to 3 pm.' },
  {
    ...base,
    index: 5,
    type: 'tool-call',
    sender: 'agent',
    recipient: 'executor',
    batch: 1,
    call: { id: 'c1', name: 'send_note', arguments: { person_id: 'p-17', text: 'Moved to 3 pm' } },
  },
  {
    ...base,
    index: 6,
    type: 'tool-result',
    sender: 'executor',
    recipient: 'agent',
    batch: 1,
    callId: 'c1',
    toolName: 'send_note',
    outcome: { type: 'result', value: { sent: true } },
  },
];

describe('items derived from a played solution', () => {
  const items = deriveFromGold({ corpus: 'demo', caseId: 'note', solution: 'gold', tools, messages });
  const byId = new Map(items.map((item) => [item.id.replace('demo/note/', ''), item]));

  it('PLAN: the calls in order, a dependency where an argument comes from an earlier result, then FinishAction', () => {
    const plan = byId.get('plan-json')?.groundTruth;
    expect(isList(plan) ? plan.map(pyRepr) : []).toEqual([
      "{'id': 0, 'prev': [], 'name': 'find_person', 'args': {'name': 'Ada'}}",
      "{'id': 1, 'prev': [0], 'name': 'send_note', 'args': {'person_id': 'p-17', 'text': 'Moved to 3 pm'}}",
      "{'id': 2, 'prev': [1], 'name': 'FinishAction', 'args': {}}",
    ]);
    // Every user text before the last call is the request.
    expect(byId.get('plan-str')?.prompt.at(-1)?.content).toBe('Tell Ada the meeting moved.\nThat it moved to 3 pm.');
    expect(byId.get('plan-str')?.apiList).toEqual(['find_person', 'send_note']);
  });

  it('steps: the history before a call in T-Eval roles, then the question', () => {
    const next = byId.get('step-1/next-json');
    expect(next?.prompt.map((message) => message.role)).toEqual([
      'system',
      'user',
      'assistant',
      'function',
      'assistant',
      'user',
      'user',
    ]);
    expect(next?.prompt[2]?.content).toBe("find_person({'name': 'Ada'})");
    const understand = byId.get('step-1/understand-str');
    expect(understand?.prompt.slice(-4).map((message) => message.role)).toEqual([
      'assistant',
      'user',
      'assistant',
      'user',
    ]);
    const gold = understand?.groundTruth;
    expect(isDict(gold) ? pyRepr(gold.get('args') ?? null) : '').toBe("{'person_id': 'p-17', 'text': 'Moved to 3 pm'}");
  });

  it('INSTRUCT in both formats and REVIEW of each response plus one irrelevant pairing', () => {
    expect([...byId.keys()].filter((id) => id.includes('instruct'))).toEqual([
      'step-0/instruct-json',
      'step-0/instruct-str',
      'step-1/instruct-json',
      'step-1/instruct-str',
    ]);
    const answers = items
      .filter((item) => item.subset === 'review')
      .map((item) => (isDict(item.groundTruth) ? item.groundTruth.get('answer') : ''));
    expect(answers).toEqual(['A', 'A', 'D']);
    const wrong = deriveFromWrong({
      corpus: 'demo',
      caseId: 'note',
      solution: 'wrong-0',
      tools,
      messages: [
        messages[0] as Message,
        {
          ...base,
          index: 1,
          type: 'tool-call',
          sender: 'agent',
          recipient: 'executor',
          batch: 0,
          call: { id: 'w0', name: 'send_note', arguments: { text: 'hi' } },
        },
        {
          ...base,
          index: 2,
          type: 'tool-result',
          sender: 'executor',
          recipient: 'agent',
          batch: 0,
          callId: 'w0',
          toolName: 'send_note',
          outcome: { type: 'error', error: { kind: 'missing-argument', message: 'person_id is required' } },
        },
      ],
    });
    expect(wrong.map((item) => item.id)).toEqual(['demo/note/wrong-0/review-0']);
    expect(wrong[0]?.prompt[1]?.content).toContain('Response: Error (missing-argument): person_id is required');
    expect(isDict(wrong[0]?.groundTruth) ? wrong[0]?.groundTruth.get('answer') : '').toBe('C');
  });
});

describe('the irrelevant-response (D) REVIEW item', () => {
  it("pairs a call only with a response of another shape than its own, so it never reads as the other tool's A", () => {
    expect([resultShape(false), resultShape({ b: 1, a: 2 }), resultShape([{ id: 1 }]), resultShape([])]).toEqual([
      'boolean',
      '{a,b}',
      '[{id}]',
      '[]',
    ]);
    // Two switches that both answer `false`: "get_wifi_status … Response: false" is an A item of any
    // episode where wifi is off, so it cannot also be a D item.
    const switches = ['get_wifi_status', 'get_cellular_status'].map(
      (name): ToolSchema => ({ name, description: `Tells ${name}.`, parameters: { type: 'object', properties: {} } }),
    );
    const played = (second: unknown): Message[] =>
      switches.flatMap((tool, index): Message[] => [
        {
          ...base,
          index: 2 * index,
          type: 'tool-call',
          sender: 'agent',
          recipient: 'executor',
          batch: index,
          call: { id: `s${index}`, name: tool.name, arguments: {} },
        },
        {
          ...base,
          index: 2 * index + 1,
          type: 'tool-result',
          sender: 'executor',
          recipient: 'agent',
          batch: index,
          callId: `s${index}`,
          toolName: tool.name,
          outcome: { type: 'result', value: index === 0 ? false : second },
        },
      ]);
    const irrelevant = (second: unknown) =>
      deriveFromGold({
        corpus: 'demo',
        caseId: 'switches',
        solution: 'gold',
        tools: switches,
        messages: played(second),
      })
        .filter((item) => item.id.endsWith('review-irrelevant'))
        .map((item) => item.prompt[1]?.content.split('\n').at(-1));
    expect(irrelevant(false)).toEqual([]);
    expect(irrelevant({ status: 'on' })).toEqual(['Response: {"status":"on"}']);
  });
});
