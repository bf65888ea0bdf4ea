import type { ComponentChildren } from 'preact';
import { useEffect, useErrorBoundary, useState } from 'preact/hooks';
import type { ReportEpisode } from '../../src/report/report-data';
import { BenchmarkPage } from './benchmark-page';
import type { CaseFilter, CaseSort } from './case-table';
import { DEFAULT_SORT, EMPTY_FILTER } from './case-table';
import { CasesView } from './cases-view';
import { CompareView } from './compare-view';
import { episodeWithView } from './episode-pages';
import { EpisodeView } from './episode-view';
import { formatCount } from './format';
import { GenericEpisodeView } from './generic-episode-view';
import { HistoryView } from './history-view';
import { Notice } from './notice';
import { OverviewView, reportBenchmarks } from './overview-view';
import type { ReportIndex } from './report-index';
import { benchmarkHref, casesHref, compareHref, historyHref, overviewHref, type Route } from './route';
import { useRoute } from './use-route';

/** What the cases view keeps across navigation (so "back" from an episode finds the same list). */
export interface CasesState {
  readonly filter: CaseFilter;
  readonly sort: CaseSort;
  readonly page: number;
}

export function App({ index }: { readonly index: ReportIndex }) {
  const route = useRoute();
  const [casesState, setCasesState] = useState<CasesState>({ filter: EMPTY_FILTER, sort: DEFAULT_SORT, page: 0 });
  const routeKey = JSON.stringify(route);

  useEffect(() => {
    // Marks (`toolgauge:start`, `:decoded`, `:indexed`, `:ready`) let bench/report-html.ts time each step.
    performance.mark('toolgauge:ready');
    document.body.dataset.ready = 'true';
  }, []);
  // Scroll to the top whenever the route changes (an episode keeps its place for milestone jumps).
  useEffect(() => {
    if (route.view !== 'episode') window.scrollTo(0, 0);
  }, [routeKey]);

  return (
    <>
      <header class="topbar">
        <div class="brand">
          toolgauge <span>report</span>
        </div>
        <nav class="nav" aria-label="Views">
          <NavLink href={overviewHref()} id="overview" current={route.view === 'overview'}>
            Overview
          </NavLink>
          {reportBenchmarks(index).map((benchmark) => (
            <NavLink
              key={benchmark.id}
              href={benchmarkHref(benchmark.id)}
              id={`benchmark-${benchmark.id}`}
              current={route.view === 'benchmark' && route.benchmark === benchmark.id}
            >
              {benchmark.title}
            </NavLink>
          ))}
          <NavLink href={historyHref()} id="history" current={route.view === 'history'}>
            History
          </NavLink>
          <NavLink href={casesHref()} id="cases" current={route.view === 'cases' || route.view === 'episode'}>
            Cases
          </NavLink>
          <NavLink href={compareHref()} id="compare" current={route.view === 'compare'}>
            Compare
          </NavLink>
        </nav>
        <div class="meta">
          {counted(new Set(index.data.benchmarkRuns.map((entry) => entry.runId)).size, 'run')} ·{' '}
          {counted(index.episodeCount, 'episode')} · generated {index.data.generatedAt}
        </div>
      </header>
      <main>
        <ViewBoundary key={routeKey}>
          <CurrentView route={route} index={index} casesState={casesState} setCasesState={setCasesState} />
        </ViewBoundary>
      </main>
    </>
  );
}

function NavLink({
  href,
  id,
  current,
  children,
}: {
  readonly href: string;
  readonly id: string;
  readonly current: boolean;
  readonly children: ComponentChildren;
}) {
  return (
    <a href={href} data-testid={`nav-${id}`} aria-current={current ? 'page' : undefined}>
      {children}
    </a>
  );
}

function CurrentView({
  route,
  index,
  casesState,
  setCasesState,
}: {
  readonly route: Route;
  readonly index: ReportIndex;
  readonly casesState: CasesState;
  readonly setCasesState: (state: CasesState) => void;
}) {
  switch (route.view) {
    case 'overview':
      return <OverviewView index={index} />;
    case 'benchmark':
      return <BenchmarkPage index={index} benchmark={route.benchmark} />;
    case 'history':
      return <HistoryView index={index} benchmark={route.benchmark} />;
    case 'cases':
      return <CasesView index={index} state={casesState} onChange={setCasesState} />;
    case 'episode': {
      const episode = index.findEpisode(route.runId, route.caseId, route.trial);
      if (!episode) {
        return (
          <Notice
            tone="error"
            title="No such episode"
            detail={`This report has no episode for case "${route.caseId}", trial ${route.trial}, in run "${route.runId}".`}
          />
        );
      }
      return <EpisodeWithView index={index} episode={episode} />;
    }
    case 'compare':
      return <CompareView index={index} runA={route.runA} runB={route.runB} />;
    case 'not-found':
      return <Notice tone="error" title="No such page" detail={`Nothing is at "${route.hash}".`} />;
  }
}

/** An episode's viewer once its view is at hand (read from its page in large reports). */
function EpisodeWithView({ index, episode }: { readonly index: ReportIndex; readonly episode: ReportEpisode }) {
  const [loaded, setLoaded] = useState<{ episode?: ReportEpisode; error?: string }>({});
  useEffect(() => {
    let current = true;
    episodeWithView(index, episode).then(
      (withView) => current && setLoaded({ episode: withView }),
      (error: unknown) => current && setLoaded({ error: error instanceof Error ? error.message : String(error) }),
    );
    return () => {
      current = false;
    };
  }, [index, episode]);
  if (loaded.error) return <Notice tone="error" title="This episode cannot be read" detail={loaded.error} />;
  if (!loaded.episode)
    return (
      <p class="muted" data-testid="episode-loading">
        Loading the episode…
      </p>
    );
  // The viewer is the one the episode's benchmark declares (`reportView`): the world timeline draws the
  // world and milestones; any other benchmark gets the generic viewer.
  const benchmark = loaded.episode.benchmark;
  const timeline = index.data.benchmarkRuns.some(
    (entry) => entry.benchmark === benchmark && entry.viewer === 'world-timeline',
  );
  return timeline ? (
    <EpisodeView index={index} episode={loaded.episode} />
  ) : (
    <GenericEpisodeView index={index} episode={loaded.episode} />
  );
}

/** Keeps one broken view (unexpected data) from blanking the whole page. */
function ViewBoundary({ children }: { readonly children: ComponentChildren }) {
  const [error] = useErrorBoundary();
  if (error) {
    const message = error instanceof Error ? error.message : String(error);
    return <Notice tone="error" title="This view failed to render" detail={message} />;
  }
  return <>{children}</>;
}

/** `1 run`, `3 runs`: every benchmark's runs count (not only those with a leaderboard). */
function counted(count: number, noun: string): string {
  return `${formatCount(count)} ${noun}${count === 1 ? '' : 's'}`;
}
