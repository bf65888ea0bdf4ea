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
import { type ToolFingerprint, toolFingerprint } from '../tools/tool-fingerprint.js';

interface OracleEntry {
  readonly benchmarkCase: BenchmarkCase;
  readonly tools: readonly ToolSchema[];
  readonly fingerprint: ToolFingerprint;
}

/**
 * The reference model of a benchmark that has `reference` and an `oracle` agent: a request is matched to
 * a case by its first user message (the case's, as `reference` gives it) and the tools it offers (the same
 * as the default options show, or failing that a part of them, as options that offer fewer tools do); the
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
  const seen = new Set<string>();
  let caseCount = 0;
  for (const { source, options } of caseSets(benchmark, sources, request.options)) {
    const loaded = await benchmark.loadCases({ ...(source ? { source } : {}), options });
    problems.push(
      ...loaded.problems.map(
        (problem) => `${problem.file}${problem.field ? ` at ${problem.field}` : ''}: ${problem.message}`,
      ),
    );
    for (const benchmarkCase of loaded.cases) {
      if (seen.has(`${source} ${benchmarkCase.id}`)) continue;
      seen.add(`${source} ${benchmarkCase.id}`);
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
      const offered = wireRequest.tools.map((tool) => tool.name);
      const found =
        candidates.find((entry) => entry.fingerprint.exact === shown.exact) ??
        candidates.find((entry) => entry.fingerprint.loose === shown.loose) ??
        // Options that offer fewer tools or less documentation than the default (e.g. only the tools the
        // gold calls, or no descriptions): a case whose default offer holds every tool offered.
        // A request offering no tools is not one of these (another benchmark may ask the same question).
        (offered.length === 0
          ? undefined
          : candidates.find((entry) => offered.every((name) => entry.tools.some((tool) => tool.name === name))));
      if (!found) return { unmatched: `the tools offered match none of the ${benchmark.id} cases with that question` };
      const agent = oracle.create(found.benchmarkCase, request.options);
      const turn = await agent.respond({ messages: busMessages(wireRequest), tools: wireRequest.tools });
      return { role: 'agent', turn, caseId: found.benchmarkCase.id };
    },
  };
}

/**
 * Every source under the default options, and again under each choice of the options that choose which
 * cases there are (those `list cases` takes, e.g. a query set), so a run with any of them is served.
 */
function caseSets(
  benchmark: AnyBenchmark,
  sources: readonly (string | undefined)[],
  defaults: BenchmarkOptionValues,
): { readonly source: string | undefined; readonly options: BenchmarkOptionValues }[] {
  const choosing = benchmark.options.filter(
    (option) => option.commands.includes('list') && option.type === 'string' && option.choices,
  );
  const variants: BenchmarkOptionValues[] = [
    defaults,
    ...choosing.flatMap((option) =>
      (option.choices ?? [])
        .filter((choice) => choice !== option.default)
        .map((choice) => ({ ...defaults, [option.flag]: choice })),
    ),
  ];
  return sources.flatMap((source) => variants.map((options) => ({ source, options })));
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
