import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { EpisodeTableBuilder } from '../../src/report/episode-table';
import {
  REPORT_DATA_ELEMENT_ID as CONTRACT_ID,
  EPISODE_PAGE_TYPE as CONTRACT_PAGE_TYPE,
  REPORT_DATA_TYPE as CONTRACT_TYPE,
  episodePageElementId as contractPageId,
  REPORT_FORMAT_VERSION,
} from '../../src/report/report-data';
import { buildSampleReportData } from '../sample-data';
import { checkReportData, decodeReportData, ReportDataError, SUPPORTED_FORMAT_VERSION } from './decode-report-data';
import {
  EPISODE_PAGE_TYPE,
  episodePageElementId,
  REPORT_DATA_ELEMENT_ID,
  REPORT_DATA_TYPE,
} from './report-data-element';

/** What `toolgauge report --html` puts in the data element: JSON, gzip, base64. */
function encode(value: unknown): string {
  return gzipSync(Buffer.from(JSON.stringify(value), 'utf8')).toString('base64');
}

describe('decodeReportData', () => {
  it('round-trips JSON through gzip and base64 made by node:zlib', async () => {
    const data = buildSampleReportData();
    const decoded = await decodeReportData(encode(data));
    expect(decoded).toEqual(data);
  });

  it('keeps non-ASCII text and markup exactly', async () => {
    const data = { ...buildSampleReportData({ hostile: true }), generatedAt: 'naïve – 日本語 <script>' };
    const decoded = await decodeReportData(encode(data));
    expect(decoded.generatedAt).toBe('naïve – 日本語 <script>');
    expect(decoded.runs.map((run) => run.runId)).toEqual(data.runs.map((run) => run.runId));
  });

  it('ignores whitespace and line breaks around and inside the base64', async () => {
    const text = encode(buildSampleReportData()).replace(/(.{76})/g, '$1\n');
    await expect(decodeReportData(`\n  ${text}\n`)).resolves.toMatchObject({ formatVersion: 4 });
  });

  it("reads a paged report's episode table back into the same episodes, and the episode lists of format 3", async () => {
    const data = buildSampleReportData({ hostile: true, extraEpisodes: 50 });
    const table = new EpisodeTableBuilder();
    data.episodes.forEach(({ detail: _detail, generic: _generic, ...summary }, position) => {
      table.add({ ...summary, page: Math.floor(position / 20) });
    });
    const { episodes: _episodes, ...rest } = data;
    const decoded = await decodeReportData(encode({ ...rest, episodeTable: table.table(), episodePages: 3 }));
    expect(decoded.episodes).toEqual(
      data.episodes.map(({ detail: _detail, generic: _generic, ...summary }, position) => ({
        ...summary,
        page: Math.floor(position / 20),
        pagePosition: position % 20,
      })),
    );
    const older = { ...data, formatVersion: 3, episodes: data.episodes.map((episode) => ({ ...episode, page: 0 })) };
    expect((await decodeReportData(encode(older))).episodes).toEqual(older.episodes);
  });

  it('rejects an episode table whose columns do not fit its count', async () => {
    const { episodes, ...rest } = buildSampleReportData();
    const table = new EpisodeTableBuilder();
    for (const episode of episodes) table.add(episode);
    const { columns, ...counted } = table.table();
    const short = { ...counted, columns: { ...columns, trial: { values: [1] } } };
    await expect(decodeReportData(encode({ ...rest, episodeTable: short }))).rejects.toMatchObject({
      reason: 'invalid',
      message: /"trial" column has 1 values/,
    });
    const outside = { ...counted, columns: { ...columns, runId: { dictionary: [], codes: episodes.map(() => 0) } } };
    await expect(decodeReportData(encode({ ...rest, episodeTable: outside }))).rejects.toThrow(
      /outside its dictionary/,
    );
  });

  it('reports an empty element as "empty"', async () => {
    await expect(decodeReportData('   ')).rejects.toMatchObject({ reason: 'empty' });
  });

  it('reports bad base64, bad gzip and bad JSON as "invalid"', async () => {
    await expect(decodeReportData('###')).rejects.toMatchObject({ reason: 'invalid', message: /base64/ });
    await expect(decodeReportData(Buffer.from('not gzip').toString('base64'))).rejects.toMatchObject({
      message: /gzip/,
    });
    const notJson = gzipSync(Buffer.from('{oops')).toString('base64');
    await expect(decodeReportData(notJson)).rejects.toMatchObject({ message: /JSON/ });
  });

  it('rejects other format versions and missing collections with a clear message', async () => {
    await expect(decodeReportData(encode({ ...buildSampleReportData(), formatVersion: 1 }))).rejects.toThrow(
      /format version 1; this page reads version 4/,
    );
    expect(() => checkReportData({ formatVersion: 2, runs: [], benchmarkRuns: [], worlds: {} })).toThrow(/"episodes"/);
    expect(() => checkReportData({ formatVersion: 2, runs: [], episodes: [], worlds: {} })).toThrow(/"benchmarkRuns"/);
    expect(() =>
      checkReportData({ formatVersion: 2, runs: [{}], benchmarkRuns: [], episodes: [], worlds: {} }),
    ).toThrow(/runId/);
    expect(() => checkReportData([])).toThrow(ReportDataError);
  });
});

describe('the page and the contract', () => {
  it('agree on the data element and the format version', () => {
    expect(REPORT_DATA_ELEMENT_ID).toBe(CONTRACT_ID);
    expect(REPORT_DATA_TYPE).toBe(CONTRACT_TYPE);
    expect(SUPPORTED_FORMAT_VERSION).toBe(REPORT_FORMAT_VERSION);
    expect(EPISODE_PAGE_TYPE).toBe(CONTRACT_PAGE_TYPE);
    expect(episodePageElementId(7)).toBe(contractPageId(7));
  });
});
