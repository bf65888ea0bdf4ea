import type { Benchmark, CaseProof } from '../../spec/index.js';
import { aggregateExample } from './aggregate.js';
import { type ExampleCase, loadExampleCases } from './cases.js';
import { EXAMPLE_OPTIONS } from './options.js';
import { EXAMPLE_AGENTS, exampleReference } from './oracle.js';
import { playExample } from './play.js';
import { type ExampleRecord, parseExampleRecord } from './record.js';
import { EXAMPLE_METRICS, scoreExampleReply } from './score.js';

/**
 * A tiny single-step benchmark used only by toolgauge's tests: it proves that a benchmark plugs in with
 * one folder and one registry line (no world, no user, two scored metrics, a micro-averaged aggregate).
 */
export const exampleBenchmark: Benchmark<ExampleCase, ExampleRecord> = {
  id: 'example',
  title: 'Example',
  description: 'A tiny single-step tool-call benchmark for toolgauge’s own tests',
  hidden: true,
  recordVersion: 1,
  metrics: EXAMPLE_METRICS,
  headline: 'accuracy',
  labels: [{ id: 'kind', title: 'Kind' }],
  options: EXAMPLE_OPTIONS,
  agents: EXAMPLE_AGENTS,
  async loadCases(request) {
    const loaded = await loadExampleCases(request);
    const kind = request.options['example-kind'];
    return typeof kind === 'string'
      ? { ...loaded, cases: loaded.cases.filter((exampleCase) => exampleCase.labels.kind === kind) }
      : loaded;
  },
  play: playExample,
  aggregate: aggregateExample,
  parseRecord: parseExampleRecord,
  trajectories: () => [],
  async prove(exampleCase): Promise<CaseProof> {
    const gold = scoreExampleReply(exampleCase, { type: 'tool-calls', calls: [{ id: 'g', ...exampleCase.gold }] });
    const wrong = scoreExampleReply(exampleCase, { type: 'text', text: 'I do not know.' });
    return {
      caseId: exampleCase.id,
      checks: [
        { name: 'gold scores 1', ok: gold.accuracy === 1, detail: `gold ${gold.accuracy}` },
        { name: 'wrong scores less', ok: (wrong.accuracy ?? 1) < 1, detail: `wrong ${wrong.accuracy}` },
      ],
    };
  },
  reference: exampleReference,
};
