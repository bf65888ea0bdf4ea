import type { Hash } from 'node:crypto';
import type { ModelMessage, ModelRequest, ToolSchema } from '../../spec/index.js';
import { crypto } from '../../util/built-ins-on-demand.js';
import { canonicalJson } from '../../util/canonical-json.js';

/**
 * The response cache's key, computed incrementally along a conversation. The key hashes the request's
 * head (cache-key version, model, endpoint, trial, settings), its tools and then every message, each
 * part length-prefixed (see `cacheKey`). An episode's requests repeat the same head and tools and a
 * conversation that only grows, so hashing each request whole costs time in the square of the
 * conversation's length. Here each request's hash state after its last message is kept (SHA-256's state
 * can be copied), and a later request that continues the same conversation — the same head and tools,
 * and the very same message objects at the start — copies that state and hashes only its new messages.
 * Tools' canonical texts are kept per tool schema.
 *
 * Reuse relies on objects that do not change: only frozen messages (as `conversationFor` makes them,
 * over the bus's frozen messages) and frozen tool schemas (as tool sets hand them out) are reused; any
 * other message or schema is hashed afresh every time. What they hold (a call's arguments, a schema's
 * parameters) is taken to stay as it is, as the Chat Completions wire's own memo of them does. The keys are byte for byte those of hashing each request whole (a test
 * checks it on random conversations), so a cache written before this change still answers.
 */
export class CacheKeyChain {
  /** The hash state after a request's last message, kept by that message. */
  private readonly after = new WeakMap<ModelMessage, ChainLink[]>();
  private readonly schemaTexts = new WeakMap<ToolSchema, string>();

  constructor(private readonly version: number) {}

  key(modelId: string, endpoint: string, request: ModelRequest, trial: number): string {
    const head = framed(canonicalJson({ version: this.version, modelId, endpoint, trial, settings: request.settings }));
    const { messages, tools } = request;
    const reusable = tools.every(Object.isFrozen);
    const link = reusable ? this.longestKnownPrefix(head, tools, messages) : undefined;
    let hash: Hash;
    let from: number;
    if (link) {
      hash = link.state.copy();
      from = link.prefix.length;
    } else {
      hash = crypto()
        .createHash('sha256')
        .update(head)
        .update(framed(this.toolsText(tools, reusable)));
      from = 0;
    }
    for (let index = from; index < messages.length; index += 1) hash.update(framed(canonicalJson(messages[index])));
    const last = messages.at(-1);
    if (reusable && last !== undefined && from < messages.length && messages.every(Object.isFrozen)) {
      const links = this.after.get(last) ?? [];
      // A few continuations per message at most (agent and user views, branches of a retried turn).
      if (links.length >= 4) links.shift();
      links.push({ head, tools: tools.slice(), prefix: messages.slice(), state: hash.copy() });
      this.after.set(last, links);
    }
    return hash.digest('hex');
  }

  /** The kept state of the longest start of `messages` hashed before under the same head and tools, if any. */
  private longestKnownPrefix(
    head: string,
    tools: readonly ToolSchema[],
    messages: readonly ModelMessage[],
  ): ChainLink | undefined {
    for (let end = messages.length; end > 0; end -= 1) {
      const links = this.after.get(messages[end - 1] as ModelMessage);
      if (!links) continue;
      for (const link of links) {
        if (link.prefix.length !== end || link.head !== head || !sameItems(link.tools, tools)) continue;
        if (sameItems(link.prefix, messages, end)) return link;
      }
    }
    return undefined;
  }

  private toolsText(tools: readonly ToolSchema[], frozen: boolean): string {
    if (!frozen) return canonicalJson(tools);
    const texts = tools.map((schema) => {
      let text = this.schemaTexts.get(schema);
      if (text === undefined) {
        // An array item as JSON.stringify writes it (its canonical text; a schema has no toJSON).
        text = canonicalJson(schema);
        this.schemaTexts.set(schema, text);
      }
      return text;
    });
    return `[${texts.join(',')}]`;
  }
}

interface ChainLink {
  /** The framed head (version, model, endpoint, trial, settings) it was hashed under. */
  readonly head: string;
  /** The (frozen) tool schemas it was hashed with, as they were. */
  readonly tools: readonly ToolSchema[];
  /** The messages hashed into `state`, as they were (a copy of the request's array). */
  readonly prefix: readonly ModelMessage[];
  readonly state: Hash;
}

/** Whether `a` holds the very same objects as the first `length` of `b` (all of it by default). */
function sameItems<T>(a: readonly T[], b: readonly T[], length = b.length): boolean {
  if (a.length !== length) return false;
  for (let index = 0; index < length; index += 1) if (a[index] !== b[index]) return false;
  return true;
}

/** A part of the key: its UTF-8 length, a colon, then the text (so two parts never run together). */
function framed(text: string): string {
  return `${Buffer.byteLength(text)}:${text}`;
}
