import { describe, expect, it } from 'vitest';
import type { ToolTrace } from '../spec/index.js';
import { callLevelScores } from './call-level-scores.js';

const trace = (toolName: string, args: Record<string, unknown>, ok = true): ToolTrace => ({
  callId: `${toolName}-${JSON.stringify(args)}`,
  caller: 'agent',
  callMessageIndex: 0,
  resultMessageIndex: 1,
  requestedName: toolName,
  toolName,
  arguments: args,
  outcome: ok ? { type: 'result', value: null } : { type: 'error', error: { kind: 'not-found', message: 'no' } },
  worldDiff: {},
});
const kinds = (name: string) => (name.startsWith('send') || name.startsWith('set') ? 'action' : 'read');

describe('ToolTalk measures on any trajectory', () => {
  const gold = [trace('search_contacts', { name: 'Ana' }), trace('send_message', { to: '+1', text: 'hi' })];

  it('scores the gold calls perfectly', () => {
    expect(callLevelScores(gold, gold, kinds)).toMatchObject({
      precision: 1,
      recall: 1,
      incorrectActionRate: 0,
      success: true,
    });
  });

  it('counts an extra successful action as incorrect and a failed one as not', () => {
    const predicted = [
      ...gold,
      trace('set_wifi', { on: false }),
      trace('send_message', { to: '+2', text: 'x' }, false),
    ];
    expect(callLevelScores(predicted, gold, kinds)).toMatchObject({
      predictions: 4,
      matches: 2,
      actions: 3,
      incorrectActions: 1,
      precision: 0.5,
      recall: 1,
      success: false,
    });
  });

  it('misses a gold call made with other arguments', () => {
    const predicted = [gold[0] as ToolTrace, trace('send_message', { to: '+1', text: 'hello' })];
    expect(callLevelScores(predicted, gold, kinds)).toMatchObject({ matches: 1, recall: 0.5, incorrectActions: 1 });
  });
});
