/**
 * T-Eval's reference model: many items share their opening (the same query asks for the next thought, then
 * the tool, then its arguments), so a request is recognised by its whole conversation — exactly the item's
 * prompt as `reference()` gives it, white space normalised — and answered with the item's gold reply.
 */
import type { BenchmarkOptionValues, ReferenceMessage, ReferencePlayer } from '../../spec/index.js';
import type { TevalCase } from './teval-case.js';
import { loadTevalCases } from './teval-cases.js';
import { oracleReply } from './teval-oracle.js';
import { tevalReference } from './teval-play.js';

function conversationKey(messages: readonly { readonly role: string; readonly text: string }[]): string {
  return JSON.stringify(messages.map((message) => [message.role, message.text.trim().replace(/\s+/g, ' ')]));
}

function wireText(message: ReferenceMessage): { role: string; text: string } {
  return { role: message.role, text: message.text };
}

interface LoadedItems {
  readonly byConversation: Map<string, TevalCase>;
  readonly itemCount: number;
  readonly problems: string[];
  readonly indistinguishable: string[];
}

async function loadItems(request: {
  readonly sources?: readonly string[];
  readonly options: BenchmarkOptionValues;
}): Promise<LoadedItems> {
  const sources = request.sources?.length ? request.sources : [undefined];
  const byConversation = new Map<string, TevalCase>();
  const problems: string[] = [];
  const indistinguishable: string[] = [];
  let itemCount = 0;
  for (const source of sources) {
    const loaded = await loadTevalCases({ ...(source ? { source } : {}), options: request.options });
    problems.push(
      ...loaded.problems.map(
        (problem) => `${problem.file}${problem.caseId ? ` ${problem.caseId}` : ''}: ${problem.message}`,
      ),
    );
    for (const item of loaded.cases) {
      const prefix = tevalReference(item).prefix.map((message) => ({
        role: message.role,
        text: 'text' in message ? message.text : '',
      }));
      const key = conversationKey(prefix);
      itemCount += 1;
      const first = byConversation.get(key);
      if (!first) byConversation.set(key, item);
      else if (oracleReply(first) !== oracleReply(item)) {
        // No model can answer both: the request is the same, the gold is not.
        indistinguishable.push(item.id);
        problems.push(
          `T-Eval item ${item.id} has the same prompt as ${first.id} but another gold reply (${JSON.stringify(oracleReply(item).slice(0, 40))}, not ${JSON.stringify(oracleReply(first).slice(0, 40))}): the server plays ${first.id}'s`,
        );
      }
    }
  }
  return { byConversation, itemCount, problems, indistinguishable };
}

/**
 * The player loads its items on the first request (or on `warm()` or `ready()`), not when the server
 * starts: deriving the built-in items plays ~400 sandbox solutions (several seconds), which a server
 * serving other benchmarks should not wait for. Until `ready()` resolves, `caseCount` is 0.
 */
export async function tevalReferencePlayer(request: {
  readonly sources?: readonly string[];
  readonly options: BenchmarkOptionValues;
}): Promise<ReferencePlayer> {
  let loading: Promise<LoadedItems> | undefined;
  let loaded: LoadedItems | undefined;
  const load = () => {
    loading ??= loadItems(request).then((items) => {
      loaded = items;
      return items;
    });
    return loading;
  };
  return {
    get caseCount() {
      return loaded?.itemCount ?? 0;
    },
    get itemCount() {
      return loaded?.itemCount ?? 0;
    },
    get problems() {
      return loaded?.problems ?? [];
    },
    get indistinguishable() {
      return loaded?.indistinguishable ?? [];
    },
    warm: () => {
      void load();
    },
    ready: async () => {
      await load();
    },
    async answer(wireRequest) {
      const items = await load();
      if (wireRequest.tools.length > 0) return { unmatched: 'T-Eval items offer no tools, yet the request has some' };
      const item = items.byConversation.get(conversationKey(wireRequest.messages.map(wireText)));
      if (!item)
        return { unmatched: 'the conversation is the prompt of no T-Eval item (send the messages as they are)' };
      return { role: 'agent', turn: { type: 'text', text: oracleReply(item) }, caseId: item.id };
    },
  };
}
