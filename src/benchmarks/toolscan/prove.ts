/**
 * Proves a query both ways. Each gold trajectory, played by the oracle: every call runs without an
 * error, the episode succeeds, and all seven pattern scores are 1; when the answer spec says `appears`,
 * each expected value is found in the calls' results (so the answer really comes from the data). A
 * wrong play — the first trajectory without its last call, finishing with a wrong answer — fails and
 * scores IAC below 1. A call-every-API spray (every API once, dummy arguments) fails, and at most 0.3 of
 * its calls are gold calls (call precision), though its IAC, a count by API name, is near 1.
 */
import type { CaseProof, ProofCheck, ToolTrace } from '../../spec/index.js';
import { expectedAnswer, normaliseText, wrongAnswer } from './answer-check.js';
import type { AnswerSpec } from './cases.js';
import type { ToolscanCase } from './load-cases.js';
import { loopholePlays } from './loophole-plays.js';
import type { ToolscanSettings } from './options.js';
import { oracleAgent, scriptedGoldAgent, sprayAgent } from './oracle.js';
import { agentToolSet, playQuery } from './play.js';
import { scoreEpisode } from './score.js';
import { PATTERNS } from './vocabulary.js';

/** The most of a spray's calls that may be gold calls (issue 25: ≤ 0.3 on the main set). */
const SPRAY_PRECISION_CEILING = 0.3;

function leaves(value: unknown, into: unknown[] = []): unknown[] {
  if (Array.isArray(value)) for (const item of value) leaves(item, into);
  else if (value && typeof value === 'object') for (const item of Object.values(value)) leaves(item, into);
  else into.push(value);
  return into;
}

/** Whether every expected value is a leaf of the results. */
export function answerAppears(spec: AnswerSpec, results: readonly unknown[]): boolean {
  const found = leaves(results);
  if (spec.type === 'number') {
    return found.some((leaf) => typeof leaf === 'number' && Math.abs(leaf - spec.value) <= spec.tolerance + 1e-9);
  }
  const strings = new Set(found.filter((leaf): leaf is string => typeof leaf === 'string').map(normaliseText));
  const expected = spec.type === 'set' ? spec.values : [spec.value];
  return expected.every((value) => strings.has(normaliseText(value)));
}

/** Whether the call's result says there are more pages than the one returned. */
function paged(trace: ToolTrace | undefined): boolean {
  const value = trace?.outcome.type === 'result' ? trace.outcome.value : undefined;
  return typeof value === 'object' && value !== null && Number((value as { total_pages?: unknown }).total_pages) > 1;
}

/** No gold trajectory accepts the look-alike API, a dropped constraint or a first page only (issue 25). */
async function loopholeCheck(item: ToolscanCase, settings: ToolscanSettings): Promise<ProofCheck> {
  const { query } = item;
  const plays = loopholePlays(query.trajectories[0] ?? [], agentToolSet(item.environment).schemas());
  const accepted: string[] = [];
  let tried = 0;
  for (const play of plays) {
    const agent = scriptedGoldAgent('loophole', play.calls, expectedAnswer(query.answer));
    const { trajectory } = await playQuery(item, agent, settings);
    if (play.onlyIfPagedAt !== undefined) {
      const calls = trajectory.traces.filter((trace) => trace.requestedName !== 'finish');
      if (!paged(calls[play.onlyIfPagedAt])) continue;
    }
    tried += 1;
    const score = scoreEpisode(trajectory, query, item.environment);
    if (score.scores.IAC === 1 && score.scores.IAV === 1) accepted.push(`${play.name} (gold[${score.gold.chosen}])`);
  }
  return {
    name: 'no gold accepts the look-alike API, a dropped constraint or a first page only',
    ok: accepted.length === 0,
    detail: `${tried} wrong plays; scored IAC and IAV 1: ${accepted.join('; ') || 'none'}`,
  };
}

export async function proveQuery(item: ToolscanCase, settings: ToolscanSettings): Promise<CaseProof> {
  const { query } = item;
  const checks: ProofCheck[] = [];
  for (const [index] of query.trajectories.entries()) {
    const { trajectory } = await playQuery(item, oracleAgent(query, index), settings);
    const score = scoreEpisode(trajectory, query, item.environment);
    const errors = trajectory.traces.filter((trace) => trace.outcome.type === 'error');
    const imperfect = PATTERNS.filter((pattern) => score.scores[pattern] !== 1);
    checks.push({
      name: `gold[${index}] scores perfectly`,
      ok: score.success && imperfect.length === 0 && errors.length === 0,
      detail: `success ${score.success}, ${errors.length} failed calls${
        errors[0]?.outcome.type === 'error' ? ` (${errors[0].requestedName}: ${errors[0].outcome.error.message})` : ''
      }, patterns below 1: ${imperfect.join(', ') || 'none'}`,
    });
    if (query.answer.check === 'appears') {
      const results = trajectory.traces
        .filter((trace) => trace.requestedName !== 'finish' && trace.outcome.type === 'result')
        .map((trace) => (trace.outcome.type === 'result' ? trace.outcome.value : null));
      checks.push({
        name: `gold[${index}] results contain the answer`,
        ok: answerAppears(query.answer, results),
        detail: `expected ${JSON.stringify(query.answer.type === 'set' ? query.answer.values : query.answer.value)}`,
      });
    }
  }
  const first = query.trajectories[0] ?? [];
  const wrong = scriptedGoldAgent('wrong', first.slice(0, -1), wrongAnswer(query.answer));
  const { trajectory } = await playQuery(item, wrong, settings);
  const score = scoreEpisode(trajectory, query, item.environment);
  checks.push({
    name: 'a wrong play fails',
    ok: !score.success && (score.scores.IAC ?? 0) < 1,
    detail: `success ${score.success}, IAC ${(score.scores.IAC ?? 0).toFixed(3)}`,
  });
  checks.push(await loopholeCheck(item, settings));
  const spray = await playQuery(item, sprayAgent(item.environment), settings);
  const sprayScore = scoreEpisode(spray.trajectory, query, item.environment);
  checks.push({
    name: 'a call-every-API spray fails with call precision ≤ 0.3',
    ok: !sprayScore.success && (sprayScore.callPrecision ?? 0) <= SPRAY_PRECISION_CEILING,
    detail: `success ${sprayScore.success}, call precision ${(sprayScore.callPrecision ?? 0).toFixed(3)}, IAC ${(
      sprayScore.scores.IAC ?? 0
    ).toFixed(3)}`,
  });
  return { caseId: item.id, checks };
}
