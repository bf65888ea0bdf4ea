import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { EpisodeTableBuilder } from '../../src/report/episode-table';
import { buildSampleReportData } from '../sample-data';
import { buildBusModel } from './bus-model';
import { decodeReportData, tagLikePaged } from './decode-report-data';
import { buildReportIndex, summaryColumns } from './report-index';

describe('buildReportIndex', () => {
  const data = buildSampleReportData();
  const index = buildReportIndex(data);

  it('finds episodes by run, case and trial', () => {
    const first = data.episodes[0];
    if (!first) throw new Error('sample has episodes');
    expect(index.findEpisode(first.runId, first.caseId, first.trial)).toBe(first);
    expect(index.findEpisode(first.runId, first.caseId, 99)).toBeUndefined();
  });

  it('orders categories and augmentations as the paper does', () => {
    expect(index.categories[0]).toBe('single_tool_call');
    expect(index.categories.at(-1)).toBe('insufficient_information');
    expect(index.augmentations).toEqual(['distraction-0', 'distraction-3', 'scrambled-tool-name']);
    expect(summaryColumns(index.runs).categories).toEqual(index.categories);
  });

  it('knows run ids that only episodes mention', () => {
    const extra = buildReportIndex({ ...data, runs: data.runs.slice(0, 1) });
    expect(extra.runIds).toEqual(data.runs.map((run) => run.runId));
    expect(extra.maxTrials).toBe(3);
  });
});

describe('buildReportIndex over a paged report', () => {
  it('answers from the episode table as from the episode list, making the episodes only when asked', async () => {
    const data = buildSampleReportData({ extraEpisodes: 300 });
    const table = new EpisodeTableBuilder();
    data.episodes.forEach(({ detail: _detail, generic: _generic, ...summary }, position) => {
      table.add({ ...summary, page: Math.floor(position / 100) });
    });
    const { episodes: _episodes, ...rest } = data;
    const encoded = gzipSync(JSON.stringify({ ...rest, episodeTable: table.table(), episodePages: 4 })).toString(
      'base64',
    );
    const paged = await decodeReportData(encoded);
    let made = 0;
    const counted = Object.defineProperty({ ...paged }, 'episodes', {
      get: () => {
        made += 1;
        return paged.episodes;
      },
    });
    tagLikePaged(paged, counted);
    const fromTable = buildReportIndex(counted);
    const fromList = buildReportIndex(data);
    expect(fromTable.episodeCount).toBe(data.episodes.length);
    expect(fromTable.runIds).toEqual(fromList.runIds);
    expect(fromTable.categories).toEqual(fromList.categories);
    expect(fromTable.augmentations).toEqual(fromList.augmentations);
    for (const runId of fromList.runIds) expect(fromTable.runScores(runId)).toEqual(fromList.runScores(runId));
    for (const { runId, benchmark } of data.episodes) {
      const scores = fromTable.benchmarkScores(runId, benchmark);
      expect(scores).toEqual(fromList.benchmarkScores(runId, benchmark));
      expect(scores.scores.length).toBeGreaterThan(0);
    }
    expect(fromTable.benchmarkScores(data.episodes[0]?.runId ?? '', 'no-such-benchmark').scores).toEqual([]);
    expect(fromTable.summaries()).toEqual(
      data.episodes.map(({ runId, benchmark, score, status, labels }) => ({ runId, benchmark, score, status, labels })),
    );
    expect(made).toBe(0);
    const last = data.episodes.at(-1);
    if (!last) throw new Error('sample has episodes');
    const found = fromTable.findEpisode(last.runId, last.caseId, last.trial);
    expect(found).toMatchObject({ caseId: last.caseId, page: Math.floor((data.episodes.length - 1) / 100) });
    expect(found && fromTable.pagePosition(found)).toBe((data.episodes.length - 1) % 100);
    expect(made).toBeGreaterThan(0);
  });
});

describe('buildBusModel', () => {
  const data = buildSampleReportData();
  const parallel = data.episodes.find(
    (episode) => episode.caseId.startsWith('reminder_tomorrow_parallel') && episode.detail,
  );
  const figureOne = data.episodes.find(
    (episode) => episode.caseId.startsWith('send_message_cellular_off') && (episode.score ?? 0) > 0.9,
  );

  it('separates system prompts from the lanes and links results to calls', () => {
    const detail = figureOne?.detail;
    if (!detail) throw new Error('sample has figure 1');
    const model = buildBusModel(detail);
    expect(model.system.map((message) => message.index)).toEqual([0, 1]);
    expect(model.lanes[0]?.index).toBe(2);
    expect(model.callIndexById.get('call-2')).toBe(5);
    expect(model.changeByIndex.has(8)).toBe(true);
    expect(model.matchesByIndex.get(8)?.[0]?.match.milestone).toBe('cellular_on');
    expect(model.lastIndex).toBe(detail.messages.length - 1);
  });

  it('counts calls per batch (parallel calls)', () => {
    const detail = parallel?.detail;
    if (!detail) throw new Error('sample has parallel calls');
    const model = buildBusModel(detail);
    expect(model.batchSizes.get(1)).toBe(2);
    expect(model.batchSizes.get(2)).toBe(1);
  });
});
