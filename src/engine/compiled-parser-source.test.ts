import { readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { $ZodType } from 'zod/v4/core';
import { recordSchema } from '../benchmarks/sandbox/record.js';
import { priceTableSchema } from '../runs/price-table.js';
import { compiledParsersSource } from './compiled-parser-source.js';
import { trajectorySchema } from './trajectory-schema.js';

const WRITE_COMMAND = 'TOOLGAUGE_WRITE_PARSERS=1 npx vitest run src/engine/compiled-parser-source.test.ts';

/** Every module of parsers compiled from zod schemas, with the schemas it is compiled from. */
const GENERATED: readonly { file: URL; schema: string; parsers: Record<string, $ZodType> }[] = [
  {
    file: new URL('./trajectory-parser.generated.ts', import.meta.url),
    schema: 'trajectorySchema (src/engine/trajectory-schema.ts)',
    parsers: { parseTrajectoryFields: trajectorySchema },
  },
  {
    file: new URL('../benchmarks/sandbox/record-parser.generated.ts', import.meta.url),
    schema: 'recordSchema (src/benchmarks/sandbox/record.ts)',
    parsers: { parseRecordFields: recordSchema },
  },
  {
    file: new URL('../runs/price-table-parser.generated.ts', import.meta.url),
    schema: 'priceTableSchema (src/runs/price-table.ts)',
    parsers: { parsePriceTableFile: priceTableSchema },
  },
];

describe('parsers compiled from zod schemas (*.generated.ts)', () => {
  it("are what zod's compiler makes of their schemas now", () => {
    for (const { file, schema, parsers } of GENERATED) {
      const source = compiledParsersSource(
        [`Written by \`${WRITE_COMMAND}\`: do not edit.`, `zod's compiled parser of ${schema}.`],
        parsers,
      );
      if (process.env.TOOLGAUGE_WRITE_PARSERS === '1') writeFileSync(file, source);
      expect(readFileSync(file, 'utf8') === source, `${file.pathname} is out of date: ${WRITE_COMMAND}`).toBe(true);
    }
  });
});
