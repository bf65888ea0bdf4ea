import { readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { $ZodType } from 'zod/v4/core';
import { recordSchema } from '../benchmarks/sandbox/record.js';
import { tevalRecordSchema } from '../benchmarks/teval/record-schema.js';
import { toolscanRecordSchema } from '../benchmarks/toolscan/record-schema.js';
import { tooltalkRecordSchema } from '../benchmarks/tooltalk/record-schema.js';
import { priceTableSchema } from '../runs/pricing/price-table.js';
import { compiledParserHelpersSource, compiledParsersSource } from './compiled-parser-source.js';
import { trajectorySchema } from './trajectory-schema.js';

const WRITE_COMMAND = 'TOOLGAUGE_WRITE_PARSERS=1 npx vitest run src/engine/compiled-parser-source.test.ts';

const HEADER = `Written by \`${WRITE_COMMAND}\`: do not edit.`;
const HELPERS_FILE = new URL('./compiled-parser-helpers.generated.ts', import.meta.url);

/** Every module of parsers compiled from zod schemas: the schemas and the path of the helpers from it. */
const GENERATED: readonly { file: URL; schema: string; parsers: Record<string, $ZodType>; helpers: string }[] = [
  {
    file: new URL('./trajectory-parser.generated.ts', import.meta.url),
    schema: 'trajectorySchema (src/engine/trajectory-schema.ts)',
    parsers: { parseTrajectoryFields: trajectorySchema },
    helpers: './compiled-parser-helpers.generated.js',
  },
  {
    file: new URL('../benchmarks/sandbox/record-parser.generated.ts', import.meta.url),
    schema: 'recordSchema (src/benchmarks/sandbox/record.ts)',
    parsers: { parseRecordFields: recordSchema },
    helpers: '../../engine/compiled-parser-helpers.generated.js',
  },
  {
    file: new URL('../benchmarks/teval/record-parser.generated.ts', import.meta.url),
    schema: 'tevalRecordSchema (src/benchmarks/teval/record-schema.ts)',
    parsers: { parseTevalRecordFields: tevalRecordSchema },
    helpers: '../../engine/compiled-parser-helpers.generated.js',
  },
  {
    file: new URL('../benchmarks/tooltalk/record-parser.generated.ts', import.meta.url),
    schema: 'tooltalkRecordSchema (src/benchmarks/tooltalk/record-schema.ts)',
    parsers: { parseToolTalkRecordFields: tooltalkRecordSchema },
    helpers: '../../engine/compiled-parser-helpers.generated.js',
  },
  {
    file: new URL('../benchmarks/toolscan/record-parser.generated.ts', import.meta.url),
    schema: 'toolscanRecordSchema (src/benchmarks/toolscan/record-schema.ts)',
    parsers: { parseToolscanRecordFields: toolscanRecordSchema },
    helpers: '../../engine/compiled-parser-helpers.generated.js',
  },
  {
    file: new URL('../runs/pricing/price-table-parser.generated.ts', import.meta.url),
    schema: 'priceTableSchema (src/runs/pricing/price-table.ts)',
    parsers: { parsePriceTableFile: priceTableSchema },
    helpers: '../../engine/compiled-parser-helpers.generated.js',
  },
];

/** Writes the file when asked to (TOOLGAUGE_WRITE_PARSERS=1), then checks it holds `source`. */
function expectGenerated(file: URL, source: string): void {
  if (process.env.TOOLGAUGE_WRITE_PARSERS === '1') writeFileSync(file, source);
  expect(readFileSync(file, 'utf8') === source, `${file.pathname} is out of date: ${WRITE_COMMAND}`).toBe(true);
}

describe('parsers compiled from zod schemas (*.generated.ts)', () => {
  it("are what zod's compiler makes of their schemas now", () => {
    expectGenerated(HELPERS_FILE, compiledParserHelpersSource([HEADER, "What zod's compiled parsers use."]));
    for (const { file, schema, parsers, helpers } of GENERATED) {
      expectGenerated(file, compiledParsersSource([HEADER, `zod's compiled parser of ${schema}.`], parsers, helpers));
    }
  });
});
