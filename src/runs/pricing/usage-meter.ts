import type { ModelAdapter, ModelRequest, ModelResponse, TokenUsage } from '../../spec/index.js';
import { isCachedResponse } from '../execution/response-cache.js';
import { costOf, type PriceTable, pricedModelId } from './price-table.js';

/** One model call as the meter saw it. */
export interface ModelCallUsage {
  readonly model: string;
  readonly inputTokens: number;
  readonly outputTokens: number;
  /** Answered from the response cache (no request, no cost). */
  readonly cached: boolean;
  readonly cost: number;
  /** False when the price table has no price for the model: `cost` is then 0 but not free. */
  readonly priced: boolean;
  /** The provider billed a reply that was then refused (e.g. tool arguments over the limit). */
  readonly failed?: boolean;
}

/** Called the first time a meter meets a model the price table does not price. */
export type UnpricedModelListener = (modelId: string) => void;

/**
 * A listener that passes each unpriced model on only once per process, however many meters (one per
 * episode) meet it: a run warns once per model, not once per episode.
 */
export function oncePerModel(listener: UnpricedModelListener): UnpricedModelListener {
  const seen = new Set<string>();
  return (modelId) => {
    if (seen.has(modelId)) return;
    seen.add(modelId);
    listener(modelId);
  };
}

/** Tokens, requests and cost of one episode's model calls (agent and user simulator together). */
export class UsageMeter {
  /** Every call, in order: the per-call usage kept with the episode. */
  readonly calls: ModelCallUsage[] = [];
  inputTokens = 0;
  outputTokens = 0;
  /** Requests that went to a provider (cache hits are not requests). */
  requests = 0;
  cacheHits = 0;
  cost = 0;
  /** Models the price table has no price for (their cost counts as 0, and the run is marked unpriced). */
  readonly unpriced = new Set<string>();

  constructor(
    private readonly prices: PriceTable,
    private readonly onUnpriced?: UnpricedModelListener,
  ) {}

  record(modelId: string, response: ModelResponse): void {
    if (isCachedResponse(response)) {
      const { inputTokens, outputTokens } = response.usage;
      this.inputTokens += inputTokens;
      this.outputTokens += outputTokens;
      this.cacheHits += 1;
      this.calls.push({ model: modelId, inputTokens, outputTokens, cached: true, cost: 0, priced: true });
      return;
    }
    this.recordBilled(modelId, response.usage, false);
  }

  /** A request the provider answered (and billed) but that failed afterwards still costs its tokens. */
  recordFailed(modelId: string, usage: TokenUsage): void {
    this.recordBilled(modelId, usage, true);
  }

  private recordBilled(modelId: string, usage: TokenUsage, failed: boolean): void {
    const { inputTokens, outputTokens } = usage;
    this.inputTokens += inputTokens;
    this.outputTokens += outputTokens;
    this.requests += 1;
    const { cost, priced } = costOf(this.prices, modelId, usage);
    this.cost += cost;
    if (!priced && !this.unpriced.has(pricedModelId(modelId))) {
      this.unpriced.add(pricedModelId(modelId));
      this.onUnpriced?.(pricedModelId(modelId));
    }
    this.calls.push({
      model: modelId,
      inputTokens,
      outputTokens,
      cached: false,
      cost,
      priced,
      ...(failed ? { failed: true } : {}),
    });
  }

  /** Wraps an adapter so that every response it returns (and every billed failure) is counted here. */
  meter(adapter: ModelAdapter): ModelAdapter {
    return {
      id: adapter.id,
      ...(adapter.endpoint !== undefined ? { endpoint: adapter.endpoint } : {}),
      generate: async (request: ModelRequest) => {
        try {
          const response = await adapter.generate(request);
          this.record(adapter.id, response);
          return response;
        } catch (error) {
          const usage = billedUsageOf(error);
          if (usage) this.recordFailed(adapter.id, usage);
          throw error;
        }
      },
    };
  }
}

/** The usage a failed request was billed for, if the error (or its cause) carries one. */
function billedUsageOf(error: unknown): TokenUsage | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current instanceof Error; depth += 1) {
    const usage = (current as { usage?: TokenUsage }).usage;
    if (usage && typeof usage.inputTokens === 'number' && typeof usage.outputTokens === 'number') return usage;
    current = current.cause;
  }
  return undefined;
}
