/**
 * Conformance on the original ToolTalk data (../shared/data/tooltalk; skipped when absent): the importer
 * loads all 78 conversations, the CPython-compatible ids reproduce the recorded ones, and the oracle
 * replay scores precision = recall = 1 and success on every conversation in both modes.
 */
import { describe, expect, it } from 'vitest';
import { CachingEmbedder, LexicalEmbedder, UseLiteEmbedder } from '../../embeddings/index.js';
import { loadToolTalkFolder } from './load-conversations.js';
import { oracleAgent } from './oracle-agent.js';
import { scoreReplay } from './score-replay.js';
import { sharedToolTalkData } from './shared-tooltalk-data.test-helpers.js';
import { offeredTools } from './tool-offer.js';
import { DEFAULT_MAX_CALLS_PER_TURN } from './tooltalk-option-constants.js';
import { replayConversation } from './turn-replay.js';

const data = sharedToolTalkData();

describe.skipIf(!data)('ToolTalk original data', () => {
  const loaded = data ? loadToolTalkFolder(data) : undefined;

  it('loads all 78 conversations without problems', () => {
    expect(loaded?.problems).toEqual([]);
    expect(loaded?.cases.filter((c) => c.subset === 'easy')).toHaveLength(28);
    expect(loaded?.cases.filter((c) => c.subset === 'hard')).toHaveLength(50);
  });

  for (const mode of ['reference-compatible', 'default'] as const) {
    it(`the oracle scores precision = recall = 1 and success on every conversation (${mode})`, async () => {
      const failures: string[] = [];
      const embedder = new LexicalEmbedder();
      for (const benchmarkCase of loaded?.cases ?? []) {
        const replay = await replayConversation(
          benchmarkCase.id,
          benchmarkCase.conversation,
          benchmarkCase.databases,
          oracleAgent(benchmarkCase.conversation),
          {
            mode,
            tools: offeredTools(benchmarkCase.conversation, 'all', true),
            maxCallsPerTurn: DEFAULT_MAX_CALLS_PER_TURN,
          },
        );
        const scored = await scoreReplay(benchmarkCase.conversation, replay.turns, mode, async () => embedder);
        const { precision, recall, success } = scored.evaluation.metrics;
        if (precision !== 1 || recall !== 1 || !success) {
          failures.push(`${benchmarkCase.id}: precision ${precision} recall ${recall} success ${success}`);
        }
      }
      expect(failures).toEqual([]);
    }, 60_000);
  }
});

describe('ToolTalk original data with the default embedder (use-lite)', () => {
  it('the oracle succeeds on every conversation, all scored at once as in a run', async ({ skip }) => {
    const absent =
      'ToolTalk with use-lite skipped: the original ToolTalk data (../shared/data/tooltalk) is absent here';
    if (!data) console.warn(absent);
    skip(!data, absent);
    const cases = loadToolTalkFolder(data as string).cases;
    // easy/SendEmail-easy sends an email with an empty body, which the model once could not embed (and
    // the episodes whose texts were asked for at the same moment failed with it: issue 24).
    expect(JSON.stringify(cases.find((c) => c.id === 'easy/SendEmail-easy')?.conversation)).toContain('"body":""');
    const embedder = new CachingEmbedder(new UseLiteEmbedder());
    const outcomes = await Promise.all(
      cases.map(async (benchmarkCase) => {
        const replay = await replayConversation(
          benchmarkCase.id,
          benchmarkCase.conversation,
          benchmarkCase.databases,
          oracleAgent(benchmarkCase.conversation),
          {
            mode: 'default',
            tools: offeredTools(benchmarkCase.conversation, 'all', true),
            maxCallsPerTurn: DEFAULT_MAX_CALLS_PER_TURN,
          },
        );
        const scored = await scoreReplay(benchmarkCase.conversation, replay.turns, 'default', async () => embedder);
        const { precision, recall, success } = scored.evaluation.metrics;
        return `${benchmarkCase.id}: precision ${precision} recall ${recall} success ${success}`;
      }),
    );
    expect(outcomes).toHaveLength(78);
    expect(outcomes.filter((outcome) => !outcome.endsWith('precision 1 recall 1 success true'))).toEqual([]);
  }, 60_000);
});
