import { describe, expect, it } from 'vitest';
import { buildSampleReportData } from '../sample-data';
import { buildBusModel } from './bus-model';
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
