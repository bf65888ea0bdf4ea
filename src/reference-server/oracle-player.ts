import { normalizeText, parseToolResult } from '../agents/index.js';
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
      const shown = toolFingerprint(wireRequest.tools);
      const found =
        candidates.find((entry) => entry.fingerprint.exact === shown.exact) ??
        candidates.find((entry) => entry.fingerprint.loose === shown.loose);
      if (!found) return { unmatched: `the tools offered match none of the ${benchmark.id} cases with that question` };
      const agent = oracle.create(found.benchmarkCase, request.options);
      const turn = await agent.respond({ messages: busMessages(wireRequest), tools: wireRequest.tools });
      return { role: 'agent', turn, caseId: found.benchmarkCase.id };
    },
  };
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
