/**
 * One T-Eval episode: the item's prompt goes to the agent as it is (no tools), its text reply is parsed
 * and scored. `function` turns (tool responses in the prompt) reach the agent as text from the executor.
 */
import { conversationFor } from '../../models/index.js';
import type {
  BenchmarkOptionValues,
  BenchmarkServices,
  CaseProof,
  EpisodeInput,
  EpisodeResult,
  Message,
  ProofCheck,
  RecordPartPath,
  ReferenceCase,
  RescoreInput,
  Role,
} from '../../spec/index.js';
import { isInfrastructureError } from '../../spec/index.js';
import type { TevalCase, TevalPromptMessage } from './teval-case.js';
import { isSharedPromptMessage } from './teval-import.js';
import { oracleReply, wrongReply } from './teval-oracle.js';
import { protocolOf, type TevalProtocol } from './teval-protocol.js';
import { TEVAL_RECORD_VERSION, type TevalRecord } from './teval-record.js';
import { scoreItem } from './teval-score.js';
import { embeddingSimilarity } from './text-similarity.js';

const SENDERS: Readonly<Record<TevalPromptMessage['role'], [Role, Role]>> = {
  system: ['system', 'agent'],
  user: ['user', 'agent'],
  assistant: ['agent', 'user'],
  function: ['executor', 'agent'],
};

/** The prompt as bus messages the agent can see. */
export function promptMessages(prompt: readonly TevalPromptMessage[]): Message[] {
  return prompt.map((message, index) => {
    const [sender, recipient] = SENDERS[message.role];
    return {
      index,
      type: 'text',
      sender,
      recipient,
      visibleTo: [sender, recipient],
      seeded: true,
      text: message.content,
    };
  });
}

export async function playTevalEpisode(input: EpisodeInput<TevalCase>): Promise<EpisodeResult<TevalRecord>> {
  const item = input.case;
  const protocol = protocolOf(input.options);
  let reply = '';
  let agentError: string | undefined;
  try {
    const turn = await input.agent.respond({ messages: promptMessages(item.prompt), tools: [], signal: input.signal });
    if (turn.type === 'text') reply = turn.text;
    else
      agentError = `the agent called tools (${turn.calls.map((call) => call.name).join(', ')}) instead of replying with text`;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (isInfrastructureError(error)) {
      return {
        status: 'failed',
        error: message,
        metrics: {},
        labels: item.labels,
        record: emptyRecord(item, protocol.version, protocol.quirks),
        ...sharedPromptParts(item),
      };
    }
    agentError = `the agent failed: ${message}`;
  }
  return scoredEpisode(item, reply, agentError, protocol, input.services, input.signal);
}

/** The agent's own failure stated in a record's error (play puts it first; the scorer's errors never say "the agent"). */
const AGENT_ERROR = /^the agent (?:called tools \(|failed: )/;

/**
 * The benchmark's `rescore`: the stored reply scored again under the options' protocol and quirks (the
 * prompt does not depend on them), with the run's embedder.
 */
export async function rescoreTevalEpisode(
  input: RescoreInput<TevalCase, TevalRecord>,
): Promise<EpisodeResult<TevalRecord>> {
  const first = input.record.error?.split('; ')[0];
  const agentError = first !== undefined && AGENT_ERROR.test(first) ? first : undefined;
  return scoredEpisode(
    input.case,
    input.record.reply,
    agentError,
    protocolOf(input.options),
    input.services,
    input.signal,
  );
}

/** A reply scored into the episode's metrics and record. */
async function scoredEpisode(
  item: TevalCase,
  reply: string,
  agentError: string | undefined,
  protocol: TevalProtocol,
  services: BenchmarkServices,
  signal: AbortSignal,
): Promise<EpisodeResult<TevalRecord>> {
  const embedder = await services.embedder();
  const scored = await scoreItem(item, reply, embeddingSimilarity(embedder, signal), protocol);
  const error = [agentError, scored.error].filter(Boolean).join('; ');
  const record: TevalRecord = {
    formatVersion: TEVAL_RECORD_VERSION,
    caseId: item.id,
    subset: item.subset,
    format: item.format,
    protocol: protocol.version,
    quirks: protocol.quirks,
    embedder: embedder.id,
    prompt: item.prompt,
    reply,
    cleaned: scored.cleaned,
    parse: scored.parse ?? null,
    scores: scored.metrics,
    ...(error ? { error } : {}),
  };
  // Per episode the headline is the item's own score (pass^k counts items scored exactly 1); over a run,
  // the aggregate replaces it with Table 1's Overall.
  const metrics = { ...scored.metrics, overall: scored.metrics.score ?? 0 };
  return { status: 'scored', metrics, labels: item.labels, record, ...sharedPromptParts(item) };
}

/**
 * The record's prompt messages that other items share (a file's system prompt: three quarters of a
 * REVIEW record), stored once for the run instead of in every record; the record reads back the same.
 */
function sharedPromptParts(item: TevalCase): { sharedParts?: RecordPartPath[] } {
  const paths: RecordPartPath[] = [];
  for (const [index, message] of item.prompt.entries()) {
    if (isSharedPromptMessage(message)) paths.push(['prompt', index]);
  }
  return paths.length > 0 ? { sharedParts: paths } : {};
}

function emptyRecord(item: TevalCase, protocol: string, quirks: string): TevalRecord {
  return {
    formatVersion: TEVAL_RECORD_VERSION,
    caseId: item.id,
    subset: item.subset,
    format: item.format,
    protocol,
    quirks,
    embedder: '',
    prompt: item.prompt,
    reply: '',
    cleaned: '',
    parse: null,
    scores: {},
  };
}

/** Gold scores 1 (within float noise of an embedding, and the faithful 1e-5 denominator); wrong scores less. */
export async function proveTevalCase(
  item: TevalCase,
  context: { readonly options: BenchmarkOptionValues; readonly services: BenchmarkServices },
): Promise<CaseProof> {
  const protocol = protocolOf(context.options);
  const similarity = embeddingSimilarity(await context.services.embedder());
  const gold = await scoreItem(item, oracleReply(item), similarity, protocol);
  const wrong = await scoreItem(item, wrongReply(item), similarity, protocol);
  const goldScore = gold.metrics.score ?? 0;
  const wrongScore = wrong.metrics.score ?? 0;
  const checks: ProofCheck[] = [
    {
      name: 'gold scores 1',
      ok: goldScore >= 1 - 1e-4 && !gold.error,
      detail: `gold ${goldScore.toFixed(6)}${gold.error ? ` (${gold.error})` : ''}`,
    },
    {
      name: 'wrong scores less',
      ok: wrongScore < goldScore - 1e-6,
      detail: `gold ${goldScore.toFixed(3)}, wrong ${wrongScore.toFixed(3)}`,
    },
  ];
  return { caseId: item.id, checks };
}

/** The reference server sees the item's prompt as the request's messages; no tools. */
export function tevalReference(item: TevalCase): ReferenceCase {
  return { prefix: conversationFor('agent', promptMessages(item.prompt)), tools: [] };
}
