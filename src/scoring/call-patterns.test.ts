import { describe, expect, it } from 'vitest';
import type { ToolTrace } from '../spec/index.js';
import { argumentsMatch, executedCalls, fitGold, fitTrajectory, type GoldCall, sameValue } from './call-patterns.js';

const call = (api: string, args: Record<string, unknown> = {}) => ({ api, arguments: args });

describe('IAC and IAV against gold call lists', () => {
  it('counts a gold call as missing when the API was called fewer times than the gold has it (IAC)', () => {
    const gold: GoldCall[] = [call('search', { q: 'a' }), call('details', { id: 1 }), call('details', { id: 2 })];
    const fit = fitTrajectory([call('search', { q: 'a' }), call('details', { id: 1 })], gold, 0);
    expect(fit.missing).toBe(1);
    expect(fit.iac).toBeCloseTo(2 / 3);
    expect(fit.calls).toEqual(['matched', 'matched', 'missing']);
    expect(fit.wrong).toBe(0);
    expect(fit.iav).toBe(1);
  });

  it('counts a gold call of a called API whose arguments no executed call matches (IAV)', () => {
    const gold: GoldCall[] = [call('search', { q: 'tenet' }), call('details', { id: 7 })];
    const fit = fitTrajectory([call('search', { q: 'TENET ' }), call('details', { id: 8 })], gold, 0);
    expect(fit).toMatchObject({ missing: 0, considered: 2, wrong: 1, iac: 1, iav: 0.5 });
  });

  it('assigns calls to gold calls of the same API optimally, whatever the order of either list', () => {
    const gold: GoldCall[] = [
      call('coords', { name: 'Paris' }),
      call('coords', { name: 'Oslo' }),
      call('temp', { lat: 48.9 }),
      call('temp', { lat: 59.9 }),
    ];
    // Exactly the second city's calls: judged on the second city's gold calls, not the first k.
    const second = fitTrajectory([call('coords', { name: 'Oslo' }), call('temp', { lat: 59.9 })], gold, 0);
    expect(second).toMatchObject({ missing: 2, considered: 2, wrong: 0, matched: 2, iac: 0.5, iav: 1 });
    expect(second.calls).toEqual(['missing', 'matched', 'missing', 'matched']);
    const first = fitTrajectory([call('coords', { name: 'Paris' }), call('temp', { lat: 48.9 })], gold, 0);
    expect(first).toMatchObject({ iac: 0.5, iav: 1 });
  });

  it('lets one executed call match one gold call only', () => {
    // A gold call that needs any value matches every call of its API; the optimal assignment gives the
    // specific gold call its partner first instead of spending it on the catch-all.
    const gold: GoldCall[] = [call('page', { n: { $any: 1 } }), call('page', { n: 2 })];
    const one = fitTrajectory([call('page', { n: 2 })], gold, 0);
    expect(one).toMatchObject({ missing: 1, considered: 1, wrong: 0, matched: 1 });
    const twice = fitTrajectory([call('page', { n: 2 }), call('page', { n: 5 })], gold, 0);
    expect(twice).toMatchObject({ missing: 0, considered: 2, wrong: 0, matched: 2, iav: 1 });
    const same = fitTrajectory([call('page', { n: 7 })], [call('page', { n: 7 }), call('page', { n: 7 })], 0);
    expect(same).toMatchObject({ missing: 1, considered: 1, wrong: 0, matched: 1 });
  });

  it('reads left-out arguments as their defaults, and honours $any and $near', () => {
    const defaults = { page: 1, fields: ['a', 'b'] };
    expect(argumentsMatch({ q: 'x' }, { q: 'x', page: 1, fields: ['b', 'a'] }, defaults)).toBe(true);
    expect(argumentsMatch({ q: 'x' }, { q: 'x', page: 2 }, defaults)).toBe(false);
    expect(argumentsMatch({ q: 'x' }, { q: 'x', year: 2001 }, defaults)).toBe(false);
    expect(argumentsMatch({ count: { $any: 100 } }, { count: 7 })).toBe(true);
    expect(argumentsMatch({ lat: { $near: 48.85, tolerance: 0.05 } }, { lat: 48.8566 })).toBe(true);
    expect(argumentsMatch({ lat: { $near: 48.85, tolerance: 0.05 } }, { lat: 48.95 })).toBe(false);
    expect(argumentsMatch({ id: 934433 }, { id: '934433' })).toBe(false);
    expect(sameValue([1, 2, 2], [2, 1, 2])).toBe(true);
    expect(sameValue([1, 2, 2], [2, 1, 1])).toBe(false);
  });

  it('chooses the trajectory with the best IAC, then the best IAV, from one trajectory', () => {
    const made = [
      call('title', { title: 'battery' }),
      call('title_and_date', { title: 'battery', date: '2020-01-07' }),
    ];
    const byDateOnly: GoldCall[] = [call('title_and_date', { title: 'battery', date: '2020-01-14' })];
    const byTitleAndNumber: GoldCall[] = [call('title', { title: 'battery' }), call('number', { n: 'US1' })];
    const byTitle: GoldCall[] = [call('title', { title: 'battery' })];
    const fit = fitGold(made, [byDateOnly, byTitleAndNumber, byTitle]);
    expect(fit.fits.map((one) => [one.iac, one.iav])).toEqual([
      [1, 0],
      [0.5, 1],
      [1, 1],
    ]);
    expect(fit.chosen).toBe(2);
    expect([fit.iac, fit.iav]).toEqual([1, 1]);
    // Without the perfect one, IAC decides before IAV: full IAC with wrong values beats half IAC.
    const second = fitGold(made, [byTitleAndNumber, byDateOnly]);
    expect(second.chosen).toBe(1);
    expect([second.iac, second.iav]).toEqual([1, 0]);
  });

  it('gives IAV null when no gold call is considered and keeps the first trajectory on ties', () => {
    const fit = fitGold([], [[call('a')], [call('b')]]);
    expect(fit).toMatchObject({ chosen: 0, iac: 0, iav: null });
  });
});

describe('executed calls from traces', () => {
  const trace = (
    name: string,
    args: Record<string, unknown>,
    outcome: ToolTrace['outcome'],
    caller: ToolTrace['caller'] = 'agent',
  ): ToolTrace => ({
    callId: `${name}-${JSON.stringify(args)}`,
    caller,
    callMessageIndex: 0,
    resultMessageIndex: 1,
    requestedName: name,
    toolName: name === 'nope' ? null : name,
    arguments: args,
    outcome,
    worldDiff: {},
  });
  const ok = { type: 'result', value: null } as const;
  it('keeps calls that ran (a not-found result included), drops rejected ones, repeats, other roles and excluded names', () => {
    const made = executedCalls(
      [
        trace('search', { q: 'a', page: 1 }, ok),
        trace('search', { page: 1, q: 'a' }, ok),
        trace('details', { id: 9 }, { type: 'error', error: { kind: 'not-found', message: 'no' } }),
        trace('details', { id: '9' }, { type: 'error', error: { kind: 'invalid-argument-type', message: 'no' } }),
        trace('nope', {}, { type: 'error', error: { kind: 'unknown-tool', message: 'no' } }),
        trace('finish', { answer: 1 }, ok),
        trace('end_conversation', {}, ok, 'user'),
      ],
      { exclude: ['finish'] },
    );
    expect(made).toEqual([
      { api: 'search', arguments: { q: 'a', page: 1 } },
      { api: 'details', arguments: { id: 9 } },
    ]);
  });
});
