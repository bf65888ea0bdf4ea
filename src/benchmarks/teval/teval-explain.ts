/**
 * The per-item view of an episode: the prompt the agent saw, its reply, what the evaluator read from it,
 * and every sub-score. (Wired as the benchmark's `explain` once the contract has it.)
 */
import type { ReportTable } from '../../spec/index.js';
import type { TevalRecord } from './teval-record.js';

export function explainTevalRecord(record: TevalRecord): ReportTable[] {
  const prompt: ReportTable = {
    id: 'teval-item-prompt',
    title: `Prompt (${record.subset}, ${record.format === 'json' ? 'JSON' : 'string'} format)`,
    columns: [
      { id: 'role', title: 'Role', format: 'text' },
      { id: 'content', title: 'Content', format: 'text' },
    ],
    rows: record.prompt.map((message) => ({ role: message.role, content: message.content })),
  };
  const reply: ReportTable = {
    id: 'teval-item-reply',
    title: 'Reply and parse',
    columns: [
      { id: 'what', title: 'Step', format: 'text' },
      { id: 'value', title: 'Text', format: 'text' },
    ],
    rows: [
      { what: 'reply', value: record.reply },
      { what: 'after clean-up', value: record.cleaned },
      { what: 'parsed as', value: JSON.stringify(record.parse) ?? 'null' },
      ...(record.error ? [{ what: 'problem', value: record.error }] : []),
      {
        what: 'scored with',
        value: `protocol ${record.protocol}, quirks ${record.quirks}, embedder ${record.embedder}`,
      },
    ],
  };
  const scores: ReportTable = {
    id: 'teval-item-scores',
    title: 'Sub-scores',
    columns: [
      { id: 'metric', title: 'Metric', format: 'text' },
      { id: 'value', title: 'Value', format: 'score', direction: 'higher' },
    ],
    rows: Object.entries(record.scores).map(([metric, value]) => ({ metric, value })),
  };
  return [prompt, reply, scores];
}
