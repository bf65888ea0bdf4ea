/**
 * The `recorded` agent on the built-in conversations: it finds a reference output file by the data's
 * layout or flat, names the file of every problem (missing, not JSON, another conversation, a turn over
 * the call cap) and fails only that episode, replays the recorded calls (the session token the reference
 * injected is dropped and injected again), and compares the file's metrics with toolgauge's.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { TOOLTALK_TOOLS_BY_NAME } from '../../domains/tooltalk/index.js';
import { LexicalEmbedder } from '../../embeddings/lexical-embedder.js';
import { tooltalkBenchmark } from './index.js';
import { groundTruthPlan } from './oracle-agent.js';
import { readRecordedConversation, UNPARSED_RECORDED_ARGUMENTS } from './recorded-predictions.js';
import type { ToolTalkCase } from './tooltalk-case.js';

const loaded = await tooltalkBenchmark.loadCases({ options: {} });
const withLogin = loaded.cases.find((item) =>
  item.conversation.conversation.some(
    (turn) =>
      (turn.apis ?? []).length > 1 &&
      (turn.apis ?? []).some((call) => TOOLTALK_TOOLS_BY_NAME.get(call.request.api_name)?.requiresAuth),
  ),
);
if (!withLogin) throw new Error('no built-in conversation has a turn of several calls, one needing a login');
const item: ToolTalkCase = withLogin;

/** The case's conversation as the reference writes it after a ground-truth replay, with the given metrics. */
function referenceOutput(metrics: Record<string, number | boolean> | undefined, unparsable = false) {
  const conversation = structuredClone(item.conversation);
  let first = true;
  for (const turn of conversation.conversation) {
    if (turn.role !== 'assistant') continue;
    const predictions: unknown[] = (turn.apis ?? []).map((call) => {
      const auth = TOOLTALK_TOOLS_BY_NAME.get(call.request.api_name)?.requiresAuth;
      const parameters = unparsable && first ? null : { ...call.request.parameters };
      if (parameters && auth) parameters.session_token = 'token-the-reference-injected';
      first = false;
      return { role: 'api', request: { api_name: call.request.api_name, parameters }, response: null, exception: null };
    });
    predictions.push({ role: 'assistant', text: turn.text });
    Object.assign(turn, { predictions });
  }
  return metrics ? { ...conversation, metrics } : conversation;
}

function folderWith(relativePath: string, content: unknown): string {
  const folder = mkdtempSync(join(tmpdir(), 'tooltalk-recorded-'));
  mkdirSync(dirname(join(folder, relativePath)), { recursive: true });
  writeFileSync(join(folder, relativePath), typeof content === 'string' ? content : JSON.stringify(content, null, 4));
  return folder;
}

const fileName = item.file.split('/').at(-1) ?? item.file;
const lexical = new LexicalEmbedder();
const services = { embedder: async () => lexical };
const play = (folder: string | undefined, extra: Record<string, string> = {}) => {
  const options = {
    'tooltalk-mode': 'reference-compatible',
    ...(folder ? { 'tooltalk-recorded': folder } : {}),
    ...extra,
  };
  const recorded = tooltalkBenchmark.agents.find((agent) => agent.name === 'recorded');
  if (!recorded) throw new Error('no recorded agent');
  return tooltalkBenchmark.play({
    case: item,
    trial: 0,
    agent: recorded.create(item, options),
    options,
    services,
    limits: {},
    signal: new AbortController().signal,
  });
};

describe('reading a reference output file', () => {
  it('finds it in the data layout or flat, and replays its calls without the injected token', () => {
    for (const path of [item.file, fileName]) {
      const read = readRecordedConversation(folderWith(path, referenceOutput(undefined)), item);
      if (!read.ok) throw new Error(read.problem);
      expect(read.plan).toEqual(groundTruthPlan(item.conversation));
      expect(read.metrics).toBeNull();
    }
  });

  it('sends unparsable text for a call the reference could not parse', () => {
    const read = readRecordedConversation(folderWith(fileName, referenceOutput(undefined, true)), item);
    if (!read.ok) throw new Error(read.problem);
    expect(read.plan.calls.flat()[0]?.arguments).toBe(UNPARSED_RECORDED_ARGUMENTS);
  });

  it('names the file of every problem', () => {
    const empty = mkdtempSync(join(tmpdir(), 'tooltalk-recorded-'));
    const missing = readRecordedConversation(empty, item);
    expect(missing.ok).toBe(false);
    if (!missing.ok) expect(missing.problem).toContain(join(empty, fileName));

    const broken = readRecordedConversation(folderWith(fileName, '{"conversation": ['), item);
    expect(!broken.ok && broken.problem).toMatch(new RegExp(`${fileName}.* is not valid JSON`));

    const other = referenceOutput(undefined);
    const firstUser = other.conversation[0];
    if (firstUser) firstUser.text = 'Something else entirely';
    const mismatched = readRecordedConversation(folderWith(fileName, other), item);
    expect(!mismatched.ok && mismatched.problem).toMatch(/conversation\[0\]: is not turn 0 of/);

    const noText = referenceOutput(undefined) as { conversation: { role: string; predictions?: unknown[] }[] };
    for (const turn of noText.conversation) turn.predictions?.pop();
    const unfinished = readRecordedConversation(folderWith(fileName, noText), item);
    expect(!unfinished.ok && unfinished.problem).toMatch(/predictions: must end with the assistant text/);
  });
});

describe('playing recorded predictions', () => {
  it("scores them and compares the file's metrics: equal ones agree, a changed one is named", async () => {
    const oracle = await play(folderWith(fileName, referenceOutput(undefined)));
    expect(oracle.status).toBe('scored');
    expect(oracle.metrics.reference_agrees).toBeNull();
    expect(oracle.record.reference?.differences).toBeNull();
    const truth = oracle.record.metrics;
    if (!truth) throw new Error('no metrics');
    const written = {
      predictions: truth.predictions,
      ground_truths: truth.groundTruths,
      matches: truth.matches,
      actions: truth.actions,
      valid_actions: truth.validActions,
      bad_actions: truth.badActions,
      precision: truth.precision,
      recall: truth.recall,
      action_precision: truth.actionPrecision,
      bad_action_rate: truth.badActionRate,
      success: truth.success,
      soft_success: truth.softSuccess,
    };
    const agreeing = await play(folderWith(fileName, referenceOutput(written)));
    expect(agreeing.metrics).toMatchObject({ success: 1, reference_success: 1, reference_agrees: 1 });
    expect(agreeing.record.reference?.differences).toEqual([]);
    expect(
      tooltalkBenchmark
        .explain?.(agreeing.record)
        .at(-1)
        ?.rows.map((row) => row.verdict),
    ).toEqual(Array(12).fill('same'));

    const differing = await play(folderWith(fileName, referenceOutput({ ...written, recall: 0.5, success: false })));
    expect(differing.metrics).toMatchObject({ success: 1, reference_success: 0, reference_agrees: 0 });
    expect(differing.record.reference?.differences).toEqual([
      'recall: toolgauge 1, reference 0.5',
      'success: toolgauge true, reference false',
    ]);
    const table = tooltalkBenchmark.aggregate(
      [agreeing, differing].map((episode, trial) => ({ caseId: item.id, trial, ...episode })),
      {},
    ).tables;
    expect(table.find((one) => one.id === 'tooltalk-reference')?.rows[0]).toMatchObject({
      compared: 2,
      agree: 1,
      success: 1,
      reference_success: 0.5,
    });
  });

  it('fails only the episode, naming the file, when the file is missing or a turn is over the call cap', async () => {
    const empty = mkdtempSync(join(tmpdir(), 'tooltalk-recorded-'));
    const missing = await play(empty);
    expect(missing.status).toBe('failed');
    expect(missing.error).toContain(join(empty, fileName));

    const capped = await play(folderWith(fileName, referenceOutput(undefined)), { 'tooltalk-max-calls': '1' });
    expect(capped.status).toBe('failed');
    expect(capped.error).toMatch(/over --tooltalk-max-calls 1 .*raise it/);

    const unset = await play(undefined);
    expect(unset.error).toMatch(/--agent recorded needs --tooltalk-recorded/);
  });
});
