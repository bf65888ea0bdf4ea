import { readFileSync } from 'node:fs';
import { z } from 'zod';
import type { TokenUsage } from '../../spec/index.js';
import { BUILT_IN_PRICES, readBuiltInPricesQuickly } from './built-in-prices.js';

const priceSchema = z
  .object({ inputPerMillion: z.number().nonnegative(), outputPerMillion: z.number().nonnegative() })
  .strict();
export type ModelPrice = z.infer<typeof priceSchema>;

/** The shipped table's file (`price-table-parser.generated.ts` is compiled from it, see `built-in-prices.ts`). */
export const priceTableSchema = z
  .object({
    formatVersion: z.literal(1),
    version: z.string(),
    currency: z.string(),
    description: z.string().optional(),
    models: z.record(z.string(), priceSchema),
  })
  .strict();

export interface PriceTable {
  readonly version: string;
  readonly currency: string;
  readonly models: Readonly<Record<string, ModelPrice>>;
}

/** The shipped, versioned price table, with per-model overrides (e.g. from the config file) on top. */
export function loadPriceTable(overrides: Readonly<Record<string, ModelPrice>> = {}): PriceTable {
  const table = builtInPriceTable();
  for (const [model, price] of Object.entries(overrides)) {
    const checked = priceSchema.safeParse(price);
    if (!checked.success) throw new Error(`price override for "${model}": ${checked.error.issues[0]?.message}`);
  }
  const hasOverrides = Object.keys(overrides).length > 0;
  return {
    version: hasOverrides ? `${table.version}+overrides` : table.version,
    currency: table.currency,
    models: { ...table.models, ...overrides },
  };
}

/** data/prices.json, checked: quickly when it fits (as it ships), else by its schema, naming the field. */
function builtInPriceTable(): PriceTable {
  const quick = readBuiltInPricesQuickly();
  if (quick) return quick;
  const parsed = priceTableSchema.safeParse(JSON.parse(readFileSync(BUILT_IN_PRICES, 'utf8')));
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(`data/prices.json at ${issue?.path.join('.')}: ${issue?.message}`);
  }
  return { version: parsed.data.version, currency: parsed.data.currency, models: parsed.data.models };
}

/**
 * The model a price is looked up under: prompt mode (`prompt:openai:gpt-4o`) costs what its underlying
 * model costs, since it sends the same tokens to the same model.
 */
export function pricedModelId(modelId: string): string {
  let id = modelId;
  while (id.startsWith('prompt:')) id = id.slice('prompt:'.length);
  return id;
}

/** The cost of some usage for a model; 0 for a model the table does not price (and `priced: false`). */
export function costOf(table: PriceTable, modelId: string, usage: TokenUsage): { cost: number; priced: boolean } {
  const price = table.models[pricedModelId(modelId)];
  if (!price) return { cost: 0, priced: false };
  return {
    cost: (usage.inputTokens * price.inputPerMillion + usage.outputTokens * price.outputPerMillion) / 1_000_000,
    priced: true,
  };
}
