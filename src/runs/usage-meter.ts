import type { ModelAdapter, ModelRequest, ModelResponse } from '../spec/index.js';
import { costOf, type PriceTable } from './price-table.js';
import { isCachedResponse } from './response-cache.js';

/** One model call as the meter saw it. */
export interface ModelCallUsage {
  readonly model: string;
  readonly inputTokens: number;
  readonly outputTokens: number;
  /** Answered from the response cache (no request, no cost). */
  readonly cached: boolean;
  readonly cost: number;
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
  /** Models the price table has no price for (their cost counts as 0). */
  readonly unpriced = new Set<string>();

  constructor(private readonly prices: PriceTable) {}

  record(modelId: string, response: ModelResponse): void {
    const { inputTokens, outputTokens } = response.usage;
    this.inputTokens += inputTokens;
    this.outputTokens += outputTokens;
    if (isCachedResponse(response)) {
      this.cacheHits += 1;
      this.calls.push({ model: modelId, inputTokens, outputTokens, cached: true, cost: 0 });
      return;
    }
    this.requests += 1;
    const { cost, priced } = costOf(this.prices, modelId, response.usage);
    this.cost += cost;
    if (!priced) this.unpriced.add(modelId);
    this.calls.push({ model: modelId, inputTokens, outputTokens, cached: false, cost });
  }

  /** Wraps an adapter so that every response it returns is counted here. */
  meter(adapter: ModelAdapter): ModelAdapter {
    return {
      id: adapter.id,
      ...(adapter.endpoint !== undefined ? { endpoint: adapter.endpoint } : {}),
      generate: async (request: ModelRequest) => {
        const response = await adapter.generate(request);
        this.record(adapter.id, response);
        return response;
      },
    };
  }
}
