import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it, vi } from 'vitest';
import { showEpisode } from '../../cli/commands/report-actions.js';
import { getBenchmarkReader } from '../registry.js';
import { tooltalkAggregator } from './aggregator.js';
import { tooltalkBenchmark } from './index.js';
import { tooltalkReader } from './reader.js';

const execute = promisify(execFile);
const bin = fileURLToPath(new URL('../../../bin/toolgauge.js', import.meta.url));

describe("ToolTalk's reader and aggregator modules", () => {
  it('are the whole benchmark’s declarations, aggregation and record: the same objects, declared once', () => {
    for (const [key, value] of Object.entries(tooltalkReader)) {
      expect(tooltalkBenchmark[key as keyof typeof tooltalkBenchmark], key).toBe(value);
    }
    for (const [key, value] of Object.entries(tooltalkAggregator)) {
      expect(tooltalkReader[key as keyof typeof tooltalkReader], key).toBe(value);
    }
  });

  // The built CLI (`npm test` builds first) shows an episode through the reader module alone; here, with
  // every benchmark loaded, `show` goes through the whole benchmark: both must print the same.
  it('show prints through the reader what it prints through the whole benchmark', { timeout: 120_000 }, async () => {
    const folder = await mkdtemp(join(tmpdir(), 'toolgauge-tooltalk-reader-'));
    try {
      const db = join(folder, 'runs.db');
      const args = ['--run-id', 'r1', '--db', db];
      await execute(process.execPath, [
        bin,
        'run',
        '--benchmark',
        'tooltalk',
        '--agent',
        'oracle',
        '--limit',
        '2',
        ...args,
      ]);
      const report = JSON.parse(
        (await execute(process.execPath, [bin, 'report', 'r1', '--db', db, '--format', 'json'])).stdout,
      );
      const caseIds = report.benchmarks.tooltalk.episodes.map((episode: { caseId: string }) => episode.caseId);
      expect(caseIds).toHaveLength(2);
      expect(getBenchmarkReader('tooltalk')).toBe(tooltalkBenchmark);
      for (const caseId of caseIds as string[]) {
        const { stdout: built } = await execute(process.execPath, [bin, 'show', 'r1', caseId, '--db', db]);
        const written: string[] = [];
        const write = vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => {
          written.push(String(chunk));
          return true;
        });
        try {
          await showEpisode('r1', caseId, { db, trial: 0 });
        } finally {
          write.mockRestore();
        }
        // The explanation's tables (predicted calls beside the ground truth; the turns' endings) are there.
        expect(built).toMatch(/ground truth .* matched\n[\s\S]*replied/);
        expect(built).toBe(written.join(''));
      }
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });
});
