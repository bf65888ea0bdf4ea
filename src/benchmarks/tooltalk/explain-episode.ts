/**
 * One ToolTalk episode explained for `show` and the episode viewer: per assistant turn, each predicted
 * call beside the turn's ground truth, with matches and incorrect actions marked, and the turns' endings.
 */
import type { ReportTable } from '../../spec/index.js';
import type { ApiCallRecord } from './call-executor.js';
import { REFERENCE_METRIC_NAMES } from './reference-metric-names.js';
import type { ReferenceMetricsRecord, ToolTalkRecord } from './tooltalk-record.js';

function shownArguments(call: ApiCallRecord): string {
  if (call.request.parameters === null) return '(unparsable)';
  const { session_token: _token, ...rest } = call.request.parameters;
  return JSON.stringify(rest);
}

function outcome(call: ApiCallRecord): string {
  if (call.exception !== null) return `error: ${call.exception}`;
  const text = JSON.stringify(call.response);
  return text.length > 120 ? `${text.slice(0, 117)}…` : text;
}

export function explainToolTalkEpisode(record: ToolTalkRecord): readonly ReportTable[] {
  const calls: ReportTable = {
    id: 'tooltalk-calls',
    title: 'Predicted calls beside the ground truth, turn by turn',
    columns: [
      { id: 'turn', title: 'Turn', format: 'count' },
      { id: 'side', title: 'Side', format: 'text' },
      { id: 'tool', title: 'Tool', format: 'text' },
      { id: 'arguments', title: 'Arguments', format: 'text' },
      { id: 'outcome', title: 'Result', format: 'text' },
      { id: 'mark', title: 'Verdict', format: 'text' },
    ],
    rows: record.turns.flatMap((turn) => [
      ...turn.predictions.map((call) => ({
        turn: turn.turnIndex,
        side: 'predicted',
        tool: call.request.api_name,
        arguments: shownArguments(call),
        outcome: outcome(call),
        mark: call.match ? 'match' : call.incorrectAction ? 'INCORRECT ACTION' : 'no match',
      })),
      ...turn.groundTruth.map((call) => ({
        turn: turn.turnIndex,
        side: 'ground truth',
        tool: call.request.api_name,
        arguments: shownArguments(call),
        outcome: outcome(call),
        mark: call.match ? 'matched' : 'MISSED',
      })),
    ]),
    note: `Mode ${record.mode}; free text compared with ${record.embedder ?? 'no embedder (none needed)'}.`,
  };
  const turns: ReportTable = {
    id: 'tooltalk-turns',
    title: 'How each turn ended',
    columns: [
      { id: 'turn', title: 'Turn', format: 'count' },
      { id: 'calls', title: 'Calls', format: 'count' },
      { id: 'ending', title: 'Ending', format: 'text' },
      { id: 'reply', title: 'Reply', format: 'text' },
    ],
    rows: record.turns.map((turn) => ({
      turn: turn.turnIndex,
      calls: turn.predictions.length,
      ending: turn.callCapHit
        ? `call cap (${record.maxCallsPerTurn}) hit`
        : turn.termination.type === 'agent-failure'
          ? `agent failed: ${turn.termination.message}`
          : 'replied',
      reply: turn.reply,
    })),
  };
  return record.reference ? [calls, turns, referenceTable(record, record.reference)] : [calls, turns];
}

/** The reference's own metrics from the replayed file beside toolgauge's, metric by metric. */
function referenceTable(record: ToolTalkRecord, reference: ReferenceMetricsRecord): ReportTable {
  const theirs = reference.metrics;
  const shown = (value: number | boolean | undefined) => (value === undefined ? null : String(value));
  return {
    id: 'tooltalk-reference',
    title: "toolgauge's metrics beside the reference's own (from the replayed file)",
    columns: [
      { id: 'metric', title: 'Metric', format: 'text' },
      { id: 'toolgauge', title: 'toolgauge', format: 'text' },
      { id: 'reference', title: 'Reference', format: 'text' },
      { id: 'verdict', title: 'Verdict', format: 'text' },
    ],
    rows: REFERENCE_METRIC_NAMES.map(([name, field]) => {
      const mine = record.metrics?.[field];
      const recorded = theirs?.[name];
      return {
        metric: name,
        toolgauge: shown(mine),
        reference: shown(recorded),
        verdict: recorded === undefined ? null : Number(recorded) === Number(mine) ? 'same' : 'DIFFERENT',
      };
    }),
    note:
      theirs === null
        ? `${reference.file} holds no metrics (the reference's evaluate mode did not run).`
        : `From ${reference.file}; mode ${record.mode}. ${reference.differences?.length ? `${reference.differences.length} metric(s) differ.` : 'All agree.'}`,
  };
}
