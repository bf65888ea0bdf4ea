import { execFile } from 'node:child_process';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeProviderServer, startFakeProviderServer } from '../../src/testing/fake-provider-server.js';
import { chatCompletionText } from '../../src/testing/provider-test-fixtures.js';

const run = promisify(execFile);
const bin = fileURLToPath(new URL('../../bin/toolgauge.js', import.meta.url));
const toolgauge = (...args: string[]) =>
  run(process.execPath, [bin, ...args], { maxBuffer: 64 * 1024 * 1024, env: { ...process.env, NO_COLOR: '1' } });
const scenario = fileURLToPath(
  new URL('../../data/sandbox/scenarios/phone/phone-boss-texts-count-and-asks.yaml', import.meta.url),
);

/** The answer a judge request asks about (the prompt's last line). */
function answerOf(body: unknown): string {
  const messages = (body as { messages: { role: string; content: string }[] }).messages;
  const prompt = messages.at(-1)?.content ?? '';
  return prompt.split('\n').at(-1) ?? '';
}

// A judge over HTTP (an OpenAI-compatible server on the loopback interface) that calls every answer
// correct: the proof counts its agreement with the typed checker.
describe('--judge: a model judge of answers beside the typed checker', { timeout: 180_000 }, () => {
  let server: FakeProviderServer;
  beforeAll(async () => {
    server = await startFakeProviderServer((request) => ({
      body: chatCompletionText(
        // It reads the answer it is asked about (an empty one would be a broken request).
        JSON.stringify({ correct: answerOf(request.body).startsWith('The answer: "'), reason: 'fake judge' }),
      ),
    }));
  });
  afterAll(() => server.close());

  it('validate --prove --judge prints how often the judge agrees with the typed checker', async () => {
    const { stdout } = await toolgauge(
      'validate',
      '--prove',
      scenario,
      '--judge',
      'openai-compatible:judge-model',
      '--judge-base-url',
      `${server.origin}/v1`,
    );
    const facts = /^answers with facts: 1 proven both ways; (\d+) renderings .*, (\d+) mutations/m.exec(stdout);
    const judge = /^judge: agrees with the typed checker on (\d+) of (\d+) answers/m.exec(stdout);
    expect(facts).not.toBeNull();
    expect(judge).not.toBeNull();
    const [rendered, mutated] = [Number(facts?.[1]), Number(facts?.[2])];
    // The gold answer, each rendering and each mutation were asked about.
    expect(Number(judge?.[2])).toBe(1 + rendered + mutated);
    expect(mutated).toBeGreaterThan(0);
    // The judge calls everything correct: it agrees on the gold and every rendering, on no mutation.
    expect(Number(judge?.[1])).toBe(1 + rendered);
  });

  it('run --judge records the judge and the typed checker per answer milestone, without changing the score', async () => {
    const folder = await mkdtemp(join(tmpdir(), 'toolgauge-judge-'));
    const db = join(folder, 'runs.db');
    const common = ['--data', scenario, '--case', 'phone-boss-texts-count-and-asks/distraction-0', '--db', db];
    await toolgauge(
      'run',
      ...common,
      '--run-id',
      'judged',
      '--judge',
      'openai-compatible:judge-model',
      '--judge-base-url',
      `${server.origin}/v1`,
    );
    const { stdout } = await toolgauge('export', 'judged', '--format', 'jsonl', '--db', db);
    const record = (JSON.parse(stdout.trim().split('\n')[0] ?? '{}') as { record: Record<string, unknown> }).record;
    expect(record.score).toBe(1);
    expect(record.judgements).toEqual([
      { milestone: 'told-user', messageIndex: expect.any(Number), correct: true, typed: true, reason: 'fake judge' },
    ]);
    // `show` prints the judge's verdict beside the typed checker's.
    const shown = await toolgauge('show', 'judged', 'phone-boss-texts-count-and-asks/distraction-0', '--db', db);
    expect(shown.stdout).toMatch(/judge on told-user.*correct \(typed checker: correct\): fake judge/);
  });
});
