import { describe, expect, it } from 'vitest';
import { LexicalEmbedder } from '../../embeddings/index.js';
import { explainToolTalkEpisode } from './explain-episode.js';
import { tooltalkBenchmark } from './index.js';
import { plannedAgent } from './oracle-agent.js';

describe('explaining a ToolTalk episode', () => {
  it('puts each prediction beside the ground truth with matches and incorrect actions marked', async () => {
    const loaded = await tooltalkBenchmark.loadCases({ options: {} });
    const benchmarkCase = loaded.cases.find((c) => c.id === 'easy/AddAlarm-easy');
    if (!benchmarkCase) throw new Error('missing case');
    const agent = plannedAgent('wrong', {
      calls: [[{ name: 'AddAlarm', arguments: { time: '06:00:00' } }]],
      texts: ['Done.'],
    });
    const result = await tooltalkBenchmark.play({
      case: benchmarkCase,
      trial: 0,
      agent,
      options: {},
      services: { embedder: async () => new LexicalEmbedder() },
      limits: {},
      signal: new AbortController().signal,
    });
    const [calls, turns] = explainToolTalkEpisode(result.record);
    expect(calls?.rows.map((row) => [row.side, row.tool, row.arguments, row.mark])).toEqual([
      ['predicted', 'AddAlarm', '{"time":"06:00:00"}', 'INCORRECT ACTION'],
      ['ground truth', 'AddAlarm', '{"time":"06:10:00"}', 'MISSED'],
    ]);
    expect(turns?.rows[0]).toMatchObject({ calls: 1, ending: 'replied', reply: 'Done.' });
  });
});
