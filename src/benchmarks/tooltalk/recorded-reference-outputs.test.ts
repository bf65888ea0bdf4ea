/**
 * Real reference output folders scored through the real CLI: `scripts/record-tooltalk-reference-outputs.py`
 * runs the reference's own `evaluate_openai.main` (from the mirror, its model replaced by a plan: the
 * ground truth of all 78 original conversations, and every perturbation of the parity fixtures), then
 * `toolgauge run --agent recorded --tooltalk-recorded <folder> --tooltalk-mode reference-compatible`
 * replays those predictions, and every conversation's precision, recall, action precision, bad action
 * rate and success must equal the `metrics` the reference wrote in its file. Both sides compare free text
 * with the parity vectors (the script's sent2vec stand-in; here an OpenAI-compatible server in this
 * process serving the same vectors). Needs the original data, the reference mirror and Python with numpy;
 * without one of them the test skips and names what is missing.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RunStore } from '../../runs/index.js';
import { parityVector } from './reference-parity-plans.test-helpers.js';
import { sharedToolTalkData } from './shared-tooltalk-data.test-helpers.js';
import type { ToolTalkRecord } from './tooltalk-record.js';

const repository = fileURLToPath(new URL('../../../', import.meta.url));
const bin = join(repository, 'bin/toolgauge.js');
const script = join(repository, 'scripts/record-tooltalk-reference-outputs.py');
const mirror = '/work/.mirror/microsoft+ToolTalk/repo';
const python = process.env.TOOLGAUGE_PYTHON ?? '/root/.pyenv/shims/python3';
const data = sharedToolTalkData();

function missing(): string | undefined {
  if (!data) return 'no original ToolTalk data at ../shared/data/tooltalk or /work/shared/data/tooltalk';
  if (!existsSync(mirror)) return `no ToolTalk reference mirror at ${mirror}`;
  const numpy = spawnSync(python, ['-c', 'import numpy'], { encoding: 'utf8' });
  if (numpy.status !== 0) return `no Python with numpy at ${python} (set TOOLGAUGE_PYTHON)`;
  if (!existsSync(join(repository, 'dist/cli/main.js')))
    return 'no dist/ (build first: npx tsc -p tsconfig.build.json)';
  return undefined;
}
const skipped = missing();

function run(
  command: string,
  args: readonly string[],
): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args);
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.once('error', reject);
    child.once('close', (status) => resolve({ status, stdout, stderr }));
  });
}

/** The metrics compared, by the reference's name and toolgauge's episode metric id. */
const COMPARED = [
  ['precision', 'precision'],
  ['recall', 'recall'],
  ['action_precision', 'action_precision'],
  ['bad_action_rate', 'incorrect_action_rate'],
  ['success', 'success'],
] as const;

describe.skipIf(skipped)(
  `real reference output folders through the CLI ${skipped ? `(SKIPPED: ${skipped})` : ''}`,
  () => {
    const work = mkdtempSync(join(tmpdir(), 'tooltalk-reference-outputs-'));
    const outputs = join(work, 'outputs');
    const db = join(work, 'runs.db');
    let server: Server;
    let embedderUrl = '';

    beforeAll(async () => {
      const recorded = await run(python, [script, '--mirror', mirror, '--data', data ?? '', '--out', outputs]);
      expect(recorded.status, recorded.stderr).toBe(0);
      server = createServer((request, response) => {
        let body = '';
        request.on('data', (chunk) => {
          body += chunk;
        });
        request.on('end', () => {
          const { input } = JSON.parse(body) as { input: string[] };
          response.writeHead(200, { 'content-type': 'application/json' });
          response.end(
            JSON.stringify({
              object: 'list',
              data: input.map((text, index) => ({ object: 'embedding', index, embedding: [...parityVector(text)] })),
            }),
          );
        });
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      embedderUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
    }, 120_000);
    afterAll(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

    const toolgauge = (runId: string, dataFolder: string) =>
      run(process.execPath, [
        bin,
        'run',
        '--benchmark',
        'tooltalk',
        '--data',
        dataFolder,
        '--agent',
        'recorded',
        '--tooltalk-recorded',
        outputs,
        '--tooltalk-mode',
        'reference-compatible',
        '--embedder',
        'openai-compatible:parity-hashed-words',
        '--embedder-base-url',
        embedderUrl,
        '--run-id',
        runId,
        '--db',
        db,
      ]);

    /** Each stored episode's metrics beside those the reference wrote in the file it replayed. */
    async function compared(runId: string) {
      const store = await RunStore.open(db, { readOnly: true });
      try {
        return store.episodes(runId).map((episode) => {
          const record = JSON.parse(episode.record) as ToolTalkRecord;
          const file = record.reference?.file ?? '';
          const written = (JSON.parse(readFileSync(file, 'utf8')) as { metrics: Record<string, number | boolean> })
            .metrics;
          return { episode, record, file, written };
        });
      } finally {
        store.close();
      }
    }

    function expectAgreement(rows: Awaited<ReturnType<typeof compared>>) {
      for (const { episode, record, file, written } of rows) {
        expect(episode.status, `${episode.caseId}: ${episode.error}`).toBe('scored');
        for (const [reference, ours] of COMPARED) {
          expect(episode.metrics[ours], `${episode.caseId} ${reference} (${file})`).toBe(Number(written[reference]));
        }
        expect(record.reference?.differences, episode.caseId).toEqual([]);
        expect(episode.metrics.reference_agrees).toBe(1);
      }
    }

    it('the oracle outputs of all 78 original conversations (the data layout): every metric equals the file', async () => {
      const result = await toolgauge('oracle', data ?? '');
      expect(result.status, result.stderr).toBe(0);
      const rows = await compared('oracle');
      expect(rows.length).toBe(78);
      expect(new Set(rows.map((row) => row.file)).size).toBe(78);
      expectAgreement(rows);
      expect(result.stdout).toContain("Beside the reference's own metrics");
    }, 300_000);

    it('the perturbed outputs (one flat folder): every metric equals the file, failures included', async () => {
      const crashed = Object.keys(
        (JSON.parse(readFileSync(join(outputs, 'crashed.json'), 'utf8')) as { crashed: Record<string, string> })
          .crashed,
      );
      const result = await toolgauge('perturbed', join(outputs, 'perturbed-data'));
      expect(result.status === 0 || result.status === 1, result.stderr).toBe(true);
      const rows = await compared('perturbed');
      const perturbations = (
        JSON.parse(readFileSync(join(repository, 'test/fixtures/tooltalk-parity/perturbations.json'), 'utf8')) as {
          perturbations: unknown[];
        }
      ).perturbations.length;
      expect(rows.length).toBe(perturbations - crashed.length);
      expect(rows.every((row) => basename(row.file).includes('--'))).toBe(true);
      expectAgreement(rows);
      // Not a run of the oracle in disguise: many of these conversations fail, in both evaluators.
      expect(rows.filter((row) => row.written.success === false).length).toBeGreaterThan(20);
    }, 300_000);
  },
);
