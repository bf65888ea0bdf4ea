import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { type NameSimilarityTable, nameSimilarityTable } from '../../tools/index.js';
import { sandboxToolkit } from './sandbox-toolkit.js';
import { TOOL_NAME_SIMILARITIES } from './tool-name-similarities.js';

const TABLE_FILE = fileURLToPath(new URL('./tool-name-similarities.ts', import.meta.url));

function tableSource(table: NameSimilarityTable): string {
  return [
    '// Written by `TOOLGAUGE_WRITE_SIMILARITIES=1 npx vitest run src/benchmarks/sandbox/tool-name-similarities.test.ts`',
    '// (then biome format); do not edit.',
    "import type { NameSimilarityTable } from '../../tools/index.js';",
    '',
    "/** fuzzball's WRatio of every pair of the sandbox's agent tool names (see `rememberNameSimilarities`). */",
    `export const TOOL_NAME_SIMILARITIES: NameSimilarityTable = ${JSON.stringify(table, null, 2)};`,
    '',
  ].join('\n');
}

describe('the generated table of tool name similarities', () => {
  it("holds WRatio of every pair of the sandbox's agent tool names", () => {
    const names = sandboxToolkit()
      .registry.forRole('agent')
      .map((tool) => tool.name)
      .sort();
    const live = nameSimilarityTable(names);
    if (process.env.TOOLGAUGE_WRITE_SIMILARITIES === '1') writeFileSync(TABLE_FILE, tableSource(live));
    expect(TOOL_NAME_SIMILARITIES).toEqual(live);
  });
});
