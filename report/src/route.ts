/**
 * Hash routes, so the page works from `file://`: `#/`, `#/benchmark/<benchmark>`, `#/history` and
 * `#/history/<benchmark>`, `#/cases`, `#/episode/<run>/<case>/<trial>`, `#/compare` and
 * `#/compare/<runA>/<runB>`. Every data-derived segment goes through
 * encodeURIComponent; these builders are the only source of `href`s in the page.
 */
export type Route =
  | { readonly view: 'overview' }
  | { readonly view: 'benchmark'; readonly benchmark: string }
  | { readonly view: 'history'; readonly benchmark?: string }
  | { readonly view: 'cases' }
  | { readonly view: 'episode'; readonly runId: string; readonly caseId: string; readonly trial: number }
  | { readonly view: 'compare'; readonly runA?: string; readonly runB?: string }
  | { readonly view: 'not-found'; readonly hash: string };

export function parseRoute(hash: string): Route {
  const path = hash.replace(/^#/, '').replace(/^\/+/, '');
  const [head = '', ...rest] = path === '' ? [] : path.split('/');
  let segments: string[];
  try {
    segments = rest.map((segment) => decodeURIComponent(segment));
  } catch {
    return { view: 'not-found', hash };
  }
  switch (head) {
    case '':
      return { view: 'overview' };
    case 'benchmark': {
      const [benchmark] = segments;
      return segments.length === 1 && benchmark ? { view: 'benchmark', benchmark } : { view: 'not-found', hash };
    }
    case 'history': {
      if (segments.length === 0) return { view: 'history' };
      const [benchmark] = segments;
      return segments.length === 1 && benchmark ? { view: 'history', benchmark } : { view: 'not-found', hash };
    }
    case 'cases':
      return segments.length === 0 ? { view: 'cases' } : { view: 'not-found', hash };
    case 'episode': {
      const [runId, caseId, trialText] = segments;
      const trial = Number(trialText);
      if (segments.length !== 3 || runId === undefined || caseId === undefined || !Number.isInteger(trial)) {
        return { view: 'not-found', hash };
      }
      return { view: 'episode', runId, caseId, trial };
    }
    case 'compare': {
      if (segments.length === 0) return { view: 'compare' };
      const [runA, runB] = segments;
      if (segments.length !== 2 || runA === undefined || runB === undefined) return { view: 'not-found', hash };
      return { view: 'compare', runA, runB };
    }
    default:
      return { view: 'not-found', hash };
  }
}

export const overviewHref = (): string => '#/';
export const casesHref = (): string => '#/cases';

export function benchmarkHref(benchmark: string): string {
  return `#/benchmark/${encodeURIComponent(benchmark)}`;
}

export function historyHref(benchmark?: string): string {
  return benchmark === undefined ? '#/history' : `#/history/${encodeURIComponent(benchmark)}`;
}

export function episodeHref(runId: string, caseId: string, trial: number): string {
  return `#/episode/${encodeURIComponent(runId)}/${encodeURIComponent(caseId)}/${encodeURIComponent(String(trial))}`;
}

export function compareHref(runA?: string, runB?: string): string {
  if (runA === undefined || runB === undefined) return '#/compare';
  return `#/compare/${encodeURIComponent(runA)}/${encodeURIComponent(runB)}`;
}
