import { normalizeText, parseToolResult, systemText } from '../agents/index.js';
import { OBSERVATION_PREFIX, parsePromptModeReply, renderCalls } from '../models/index.js';
import type {
  AnyBenchmark,
  BenchmarkCase,
  BenchmarkOptionValues,
  Message,
  NewMessage,
  ReferenceAnswer,
  ReferencePlayer,
  ReferenceRequest,
  ToolSchema,
} from '../spec/index.js';
import { type ToolFingerprint, toolFingerprint } from '../tools/index.js';

interface OracleEntry {
  readonly benchmarkCase: BenchmarkCase;
  readonly tools: readonly ToolSchema[];
  readonly fingerprint: ToolFingerprint;
}

/**
 * The reference model of a benchmark that has `reference` and an `oracle` agent: a request is matched to
 * a case by its first user message (the case's, as `reference` gives it) and the tools it offers; the
 * oracle is then asked for its turn given the request's conversation, read back into bus messages. It
 * plays the agent only (a benchmark that needs a simulated user brings its own `referencePlayer`).
 */
export async function oraclePlayer(
  benchmark: AnyBenchmark,
  request: { readonly sources?: readonly string[]; readonly options: BenchmarkOptionValues },
): Promise<ReferencePlayer | undefined> {
  const reference = benchmark.reference?.bind(benchmark);
  const oracle = benchmark.agents.find((agent) => agent.name === 'oracle');
  if (!reference || !oracle) return undefined;
  const sources = request.sources?.length ? request.sources : [undefined];
  const byOpening = new Map<string, OracleEntry[]>();
  const problems: string[] = [];
  let caseCount = 0;
  for (const source of sources) {
    const loaded = await benchmark.loadCases({ ...(source ? { source } : {}), options: request.options });
    problems.push(
      ...loaded.problems.map(
        (problem) => `${problem.file}${problem.field ? ` at ${problem.field}` : ''}: ${problem.message}`,
      ),
    );
    for (const benchmarkCase of loaded.cases) {
      const shown = reference(benchmarkCase, request.options);
      const opening = shown.prefix.find((message) => message.role === 'user');
      if (opening?.role !== 'user') {
        problems.push(
          `${benchmark.id} case ${benchmarkCase.id}: its reference has no user message to be recognised by`,
        );
        continue;
      }
      const key = normalizeText(opening.text);
      byOpening.set(key, [
        ...(byOpening.get(key) ?? []),
        { benchmarkCase, tools: shown.tools, fingerprint: toolFingerprint(shown.tools) },
      ]);
      caseCount += 1;
    }
  }
  return {
    caseCount,
    itemCount: caseCount,
    problems,
    warm: () => {},
    async answer(wireRequest: ReferenceRequest): Promise<ReferenceAnswer> {
      const first = wireRequest.messages.find((message) => message.role === 'user');
      if (first?.role !== 'user') return { unmatched: `no ${benchmark.id} case: the conversation has no user message` };
      const candidates = byOpening.get(normalizeText(first.text));
      if (!candidates) return { unmatched: `the first user message is the question of no ${benchmark.id} case` };
      const system = systemText(wireRequest.messages);
      const promptMode = wireRequest.tools.length === 0 && system.includes(PROMPT_MODE_MARK);
      const shown = toolFingerprint(wireRequest.tools);
      const found = promptMode
        ? candidates.find((entry) => entry.tools.every((tool) => system.includes(`### ${tool.name}\n`)))
        : (candidates.find((entry) => entry.fingerprint.exact === shown.exact) ??
          candidates.find((entry) => entry.fingerprint.loose === shown.loose));
      if (!found) return { unmatched: `the tools offered match none of the ${benchmark.id} cases with that question` };
      const agent = oracle.create(found.benchmarkCase, request.options);
      const toolNames = found.tools.map((tool) => tool.name);
      const turn = await agent.respond({
        messages: promptMode ? busMessages(promptModeConversation(wireRequest, toolNames)) : busMessages(wireRequest),
        tools: promptMode ? found.tools : wireRequest.tools,
      });
      // A prompt-mode client reads calls from the reply's text, in the format its instructions asked for.
      const answered =
        promptMode && turn.type === 'tool-calls' ? { type: 'text' as const, text: renderCalls(turn.calls) } : turn;
      return { role: 'agent', turn: answered, caseId: found.benchmarkCase.id };
    },
  };
}

/** What toolgauge's prompt mode writes into the system prompt (its tools are described there, not sent). */
const PROMPT_MODE_MARK = '# How to call a tool';

const OBSERVATION = new RegExp(
  `^${OBSERVATION_PREFIX} \\((.*?), call (.*?), (?:result|the call failed)\\):\\n([\\s\\S]*)$`,
);

/**
 * A prompt-mode conversation read back into native form: calls written in the assistant's text become
 * calls, `Observation (…)` user turns become tool results.
 */
export function promptModeConversation(request: ReferenceRequest, toolNames: readonly string[]): ReferenceRequest {
  let turn = 0;
  const messages = request.messages.map((message) => {
    if (message.role === 'assistant' && message.calls.length === 0) {
      const reply = parsePromptModeReply(message.text, toolNames);
      turn += 1;
      return {
        role: 'assistant' as const,
        text: reply.text,
        calls: reply.calls.map((call, index) => ({
          id: `prompt-${turn}-${index}`,
          name: call.name,
          arguments: call.arguments,
        })),
      };
    }
    const observation = message.role === 'user' ? OBSERVATION.exec(message.text) : null;
    if (observation) return { role: 'tool' as const, callId: observation[2] ?? '', text: observation[3] ?? '' };
    return message;
  });
  // A call takes the id its observation names (the client made it up), so results find their calls.
  const withIds = messages.map((message, position) => {
    if (message.role !== 'assistant' || message.calls.length === 0) return message;
    const following = messages.slice(position + 1);
    const end = following.findIndex((next) => next.role !== 'tool');
    const results = (end < 0 ? following : following.slice(0, end)).flatMap((next) =>
      next.role === 'tool' ? [next.callId] : [],
    );
    return { ...message, calls: message.calls.map((call, index) => ({ ...call, id: results[index] ?? call.id })) };
  });
  return { ...request, messages: withIds };
}

/** A request's conversation as the agent sees it on the bus (one message per text, call and result). */
export function busMessages(request: ReferenceRequest): Message[] {
  const messages: Message[] = [];
  const toolNames = new Map<string, string>();
  const push = (message: NewMessage) =>
    messages.push({ ...message, index: messages.length, visibleTo: [message.sender, message.recipient] } as Message);
  let batch = 0;
  for (const message of request.messages) {
    switch (message.role) {
      case 'system':
        push({ type: 'text', sender: 'system', recipient: 'agent', text: message.text });
        break;
      case 'user':
        push({ type: 'text', sender: 'user', recipient: 'agent', text: message.text });
        break;
      case 'assistant':
        batch += 1;
        if (message.text) push({ type: 'text', sender: 'agent', recipient: 'user', text: message.text });
        for (const call of message.calls) {
          toolNames.set(call.id, call.name);
          const args =
            call.arguments && typeof call.arguments === 'object' && !Array.isArray(call.arguments)
              ? (call.arguments as Record<string, unknown>)
              : String(call.arguments ?? '');
          push({
            type: 'tool-call',
            sender: 'agent',
            recipient: 'executor',
            batch,
            call: { id: call.id, name: call.name, arguments: args },
          });
        }
        break;
      case 'tool': {
        const value = parseToolResult(message.text);
        push({
          type: 'tool-result',
          sender: 'executor',
          recipient: 'agent',
          batch,
          callId: message.callId,
          toolName: toolNames.get(message.callId) ?? '',
          outcome:
            value === undefined
              ? { type: 'error', error: { kind: 'internal', message: message.text } }
              : { type: 'result', value },
        });
        break;
      }
    }
  }
  return messages;
}
