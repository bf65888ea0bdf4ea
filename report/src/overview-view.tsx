import type { ReportBenchmarkRun } from '../../src/report/report-data';
import { BenchmarkPage, benchmarkEntries } from './benchmark-page';
import { formatCount } from './format';
import { HeadlinePlot } from './headline-plot';
import { CostPlot, type RunUsage, TokenPlot } from './overview-plots';
import type { ReportIndex } from './report-index';
import { benchmarkHref, historyHref } from './route';
import { RunsUsageTable } from './runs-usage-table';
import { UnreadableEpisodes } from './unreadable-episodes';

/** The benchmarks of the report, in the order their first run appears. */
export function reportBenchmarks(index: ReportIndex): { readonly id: string; readonly title: string }[] {
  const seen = new Map<string, string>();
  for (const entry of index.data.benchmarkRuns) if (!seen.has(entry.benchmark)) seen.set(entry.benchmark, entry.title);
  return [...seen].map(([id, title]) => ({ id, title }));
}

/**
 * What the report holds (a report of one benchmark: that benchmark's page): a card per benchmark (its headline per run, linked to its page), every run with
 * its usage and cost, and cost and tokens per run.
 */
export function OverviewView({ index }: { readonly index: ReportIndex }) {
  const benchmarks = reportBenchmarks(index);
  const entries = index.data.benchmarkRuns;
  const only = benchmarks.length === 1 ? benchmarks[0] : undefined;
  if (only) {
    // A report of one benchmark opens on its page.
    return (
      <div data-testid="overview">
        <UnreadableEpisodes episodes={index.data.unreadable} />
        <BenchmarkPage index={index} benchmark={only.id} />
      </div>
    );
  }
  return (
    <div data-testid="overview">
      <UnreadableEpisodes episodes={index.data.unreadable} />
      <h1>Overview</h1>
      <p class="caption">
        {formatCount(benchmarks.length)} {benchmarks.length === 1 ? 'benchmark' : 'benchmarks'} ·{' '}
        {formatCount(new Set(entries.map((entry) => entry.runId)).size)} runs · {formatCount(index.episodeCount)}{' '}
        episodes. Each benchmark has a page of its own with its paper's tables and plots.
      </p>
      {entries.length === 0 && <p class="muted">This report holds no run.</p>}
      <div class="benchmark-cards">
        {benchmarks.map(({ id, title }) => (
          <BenchmarkCard key={id} id={id} title={title} entries={benchmarkEntries(index, id)} />
        ))}
      </div>
      <h2>Runs, usage and cost</h2>
      <RunsUsageTable entries={entries} linkBenchmarks={true} />
      <div class="plots">
        <section class="plot-card">
          <h3>Cost per run</h3>
          <CostPlot runs={usageByRun(entries)} />
        </section>
        <section class="plot-card">
          <h3>Tokens per run</h3>
          <TokenPlot runs={usageByRun(entries)} />
        </section>
      </div>
    </div>
  );
}

function BenchmarkCard({
  id,
  title,
  entries,
}: {
  readonly id: string;
  readonly title: string;
  readonly entries: readonly ReportBenchmarkRun[];
}) {
  const first = entries[0];
  const headline = first?.metricDefinitions.find((metric) => metric.id === first.headline);
  return (
    <section class="plot-card benchmark-card" data-testid="benchmark-card" data-benchmark={id}>
      <h3>
        <a href={benchmarkHref(id)}>{title}</a>
      </h3>
      <p class="caption">
        {entries.length === 1 ? '1 run' : `${formatCount(entries.length)} runs`} · {headline?.title ?? first?.headline}{' '}
        with its 95% interval
      </p>
      <HeadlinePlot entries={entries} />
      <p class="small">
        <a href={benchmarkHref(id)} data-testid="open-benchmark">
          {title}'s tables and plots →
        </a>
        {entries.length > 1 && (
          <>
            {' · '}
            <a href={historyHref(id)}>history →</a>
          </>
        )}
      </p>
    </section>
  );
}

/** Cost and tokens summed per run over its benchmarks. */
function usageByRun(entries: readonly ReportBenchmarkRun[]): RunUsage[] {
  const byRun = new Map<string, { runId: string; cost: number; tokens: { input: number; output: number } }>();
  for (const entry of entries) {
    const usage = byRun.get(entry.runId) ?? { runId: entry.runId, cost: 0, tokens: { input: 0, output: 0 } };
    usage.cost += entry.cost;
    usage.tokens.input += entry.tokens?.input ?? 0;
    usage.tokens.output += entry.tokens?.output ?? 0;
    byRun.set(entry.runId, usage);
  }
  return [...byRun.values()];
}
