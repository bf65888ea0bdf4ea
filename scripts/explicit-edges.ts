/**
 * One-off migration (issue 12): scenario files whose milestones relied on the implicit chain in file
 * order get explicit `edges`. The chain is kept wherever order can matter and relaxed only between two
 * milestones that are both plain lookups (every constraint a successful call of a read-only tool) and do
 * not read each other: such lookups may happen in any order. Edges implied by longer paths are dropped.
 * The result still has to be checked by hand and proven (`validate --prove`, the corpus test).
 *
 *   npx tsc -p tsconfig.build.json && node scripts/explicit-edges.ts [--write] [files…]
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { sandboxToolkit } from '../dist/benchmarks/sandbox/index.js';
import { constraintReferences } from '../dist/scoring/index.js';

interface Constraint {
  type: string;
  tool?: string;
  attempted?: boolean;
}
interface Milestone {
  id: string;
  constraints: Constraint[];
}

const write = process.argv.includes('--write');
const root = 'data/sandbox/scenarios';
const files = process.argv.slice(2).filter((arg) => !arg.startsWith('--'));
const targets =
  files.length > 0
    ? files
    : readdirSync(root, { withFileTypes: true })
        .filter((entry) => entry.isDirectory())
        .flatMap((entry) => readdirSync(join(root, entry.name)).map((name) => join(root, entry.name, name)));
const { registry } = sandboxToolkit();

const isLookup = (milestone: Milestone): boolean =>
  milestone.constraints.every(
    (constraint) =>
      constraint.type === 'tool-call' && !constraint.attempted && registry.get(constraint.tool ?? '')?.kind === 'read',
  );

for (const file of targets) {
  const text = readFileSync(file, 'utf8');
  const data = parse(text) as { milestones: Milestone[]; edges?: unknown };
  if (data.edges !== undefined || data.milestones.length < 2) continue;
  const milestones = data.milestones;
  const reads = (later: Milestone, earlier: Milestone) =>
    later.constraints.some((constraint) => constraintReferences(constraint).includes(earlier.id));
  const edges: [string, string][] = [];
  milestones.forEach((later, j) => {
    for (let i = 0; i < j; i += 1) {
      const earlier = milestones[i] as Milestone;
      const independent = isLookup(earlier) && isLookup(later) && !reads(later, earlier);
      if (!independent) edges.push([earlier.id, later.id]);
    }
  });
  const reduced = edges.filter(
    ([from, to]) =>
      !milestones.some(({ id }) => id !== from && id !== to && reaches(edges, from, id) && reaches(edges, id, to)),
  );
  const block =
    reduced.length === 0 ? 'edges: []' : `edges:\n${reduced.map(([from, to]) => `  - [${from}, ${to}]`).join('\n')}`;
  const lines = text.split('\n');
  const after = lines.findIndex((line, index) => index > 0 && /^(minefields|minefieldEdges|solutions):/.test(line));
  const updated = [...lines.slice(0, after), block, ...lines.slice(after)].join('\n');
  const chain = milestones.length - 1;
  console.log(`${file}: ${reduced.length} edges (chain had ${chain})${reduced.length < chain ? ' relaxed' : ''}`);
  if (write) writeFileSync(file, updated);
}

function reaches(edges: readonly [string, string][], from: string, to: string): boolean {
  const seen = new Set<string>();
  const stack = [from];
  while (stack.length > 0) {
    const node = stack.pop() as string;
    for (const [a, b] of edges) {
      if (a !== node || seen.has(b)) continue;
      if (b === to) return true;
      seen.add(b);
      stack.push(b);
    }
  }
  return false;
}
