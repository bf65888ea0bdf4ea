import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import type { BenchmarkCase, CaseProblem, LoadCasesRequest, LoadedCases, ToolSchema } from '../../spec/index.js';
import { canonicalJson } from '../../util/index.js';

/** One single-step item: a question, the tools offered, and the one call that answers it. */
export interface ExampleCase extends BenchmarkCase {
  readonly labels: { readonly kind: string };
  readonly question: string;
  readonly tools: readonly ToolSchema[];
  readonly gold: { readonly name: string; readonly arguments: Readonly<Record<string, unknown>> };
}

/** The built-in items: a test fixture (this benchmark exists only for toolgauge's own tests). */
export const BUILT_IN_EXAMPLE_CASES = new URL('../../../test/fixtures/example-benchmark/cases.json', import.meta.url);

const fileSchema = z.object({
  formatVersion: z.literal(1),
  tools: z.array(
    z.object({ name: z.string(), description: z.string(), parameters: z.record(z.string(), z.unknown()) }),
  ),
  cases: z.array(z.unknown()),
});
const caseSchema = z.object({
  id: z.string().regex(/^[a-z0-9-]+$/, 'use lower-case letters, digits and dashes'),
  kind: z.string(),
  question: z.string().min(1),
  gold: z.object({ name: z.string(), arguments: z.record(z.string(), z.unknown()) }),
});

/** Loads the items of one JSON file; a bad item is a problem naming its field, the rest load. */
export async function loadExampleCases(request: LoadCasesRequest): Promise<LoadedCases<ExampleCase>> {
  const file = request.source ?? fileURLToPath(BUILT_IN_EXAMPLE_CASES);
  const parsed = fileSchema.safeParse(JSON.parse(await readFile(file, 'utf8')));
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return {
      cases: [],
      problems: [{ file, field: issue?.path.join('.') ?? '', message: issue?.message ?? 'invalid' }],
      caseSetHash: '',
      source: request.source ?? 'built-in',
    };
  }
  const cases: ExampleCase[] = [];
  const problems: CaseProblem[] = [];
  for (const [index, raw] of parsed.data.cases.entries()) {
    const item = caseSchema.safeParse(raw);
    if (!item.success) {
      const issue = item.error.issues[0];
      problems.push({ file, field: `cases[${index}].${issue?.path.join('.')}`, message: issue?.message ?? 'invalid' });
      continue;
    }
    const { kind, ...rest } = item.data;
    cases.push({ ...rest, labels: { kind }, tools: parsed.data.tools });
  }
  const caseSetHash = createHash('sha256').update(canonicalJson(cases)).digest('hex');
  return { cases, problems, caseSetHash, source: request.source ?? 'built-in' };
}
