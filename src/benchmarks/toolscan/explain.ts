/**
 * The episode view of a ToolScan record (`show`, the generic episode viewer): each API call marked with
 * the patterns it showed and the feedback it got instead of running, and each gold trajectory with its
 * IAC/IAV fit, the chosen one marked.
 */
import type { ReportTable } from '../../spec/index.js';
import type { ToolscanRecord } from './record.js';

export function explainToolscanRecord(record: ToolscanRecord): readonly ReportTable[] {
  const { score, trajectory } = record;
  const argumentsOf = new Map(trajectory.traces.map((trace) => [trace.callId, trace.arguments]));
  const calls: ReportTable = {
    id: 'calls',
    title: 'API calls, with the error patterns they showed',
    columns: [
      { id: 'step', title: '#', format: 'count' },
      { id: 'api', title: 'API', format: 'text' },
      { id: 'arguments', title: 'Arguments', format: 'text' },
      { id: 'patterns', title: 'Patterns', format: 'text' },
      { id: 'feedback', title: 'Feedback (not run)', format: 'text' },
    ],
    rows: [
      ...score.marks.map((mark, index) => {
        const args = argumentsOf.get(mark.callId);
        return {
          step: index + 1,
          api: mark.api,
          arguments: typeof args === 'string' ? args : JSON.stringify(args ?? {}),
          patterns: mark.patterns.join(', ') || '–',
          feedback: mark.feedback ?? '',
        };
      }),
      // Calls made after the answer in the same turn: not run, not counted.
      ...(record.callsNotRun ?? []).map((call) => ({
        step: null,
        api: call.name,
        arguments: typeof call.arguments === 'string' ? call.arguments : JSON.stringify(call.arguments),
        patterns: 'not run (after the answer)',
        feedback: '',
      })),
    ],
    note: `Answer ${JSON.stringify(score.answer)} (${score.finished ? 'finish' : 'text reply'}): ${score.success ? 'correct' : 'wrong'}.${
      record.budgetExhausted ? ' The step budget ran out.' : ''
    } Feedback ${record.settings.feedback ? 'on' : 'off'}, output ${record.settings.output}${
      record.settings.reference ? ', reference-code counting' : ''
    }. Call precision ${score.callPrecision === undefined || score.callPrecision === null ? 'n/a' : score.callPrecision.toFixed(3)}.`,
  };
  const fits = (
    score.gold.fits as readonly {
      index: number;
      goldCalls: number;
      missing: number;
      wrong: number;
      matched?: number;
      iac: number;
      iav: number | null;
      calls?: readonly string[];
    }[]
  ).map((fit) => ({
    trajectory: fit.index + 1,
    chosen: fit.index === score.gold.chosen ? 'chosen' : '',
    goldCalls: fit.goldCalls,
    missing: fit.missing,
    wrong: fit.wrong,
    matched: fit.matched ?? null,
    IAC: fit.iac,
    IAV: fit.iav,
    matches: (fit.calls ?? []).join(', '),
  }));
  const gold: ReportTable = {
    id: 'gold',
    title: 'Gold trajectories (best fit chosen: highest IAC, then IAV, then most matched calls, then first)',
    columns: [
      { id: 'trajectory', title: 'Trajectory', format: 'count' },
      { id: 'chosen', title: 'Chosen', format: 'text' },
      { id: 'goldCalls', title: 'Gold calls', format: 'count' },
      { id: 'missing', title: 'Missing (IAC)', format: 'count' },
      { id: 'wrong', title: 'Wrong values (IAV)', format: 'count' },
      { id: 'matched', title: 'Matched calls', format: 'count' },
      { id: 'IAC', title: 'IAC', format: 'score', direction: 'higher' },
      { id: 'IAV', title: 'IAV', format: 'score', direction: 'higher' },
      { id: 'matches', title: 'Each gold call', format: 'text' },
    ],
    rows: fits,
  };
  return [calls, gold];
}
