import { describe, expect, it } from 'vitest';
import { benchmarkHref, casesHref, compareHref, episodeHref, historyHref, overviewHref, parseRoute } from './route';

describe('routes', () => {
  it('parses the fixed views', () => {
    expect(parseRoute('')).toEqual({ view: 'overview' });
    expect(parseRoute('#/')).toEqual({ view: 'overview' });
    expect(parseRoute(overviewHref())).toEqual({ view: 'overview' });
    expect(parseRoute(casesHref())).toEqual({ view: 'cases' });
    expect(parseRoute('#/compare')).toEqual({ view: 'compare' });
  });

  it('round-trips episode routes whatever the ids contain', () => {
    const ids = ['run/1', 'case <img src=x onerror=alert(1)>?#&%', 3] as const;
    const href = episodeHref(...ids);
    expect(href.startsWith('#/episode/')).toBe(true);
    expect(href).not.toMatch(/[<> ]/);
    expect(parseRoute(href)).toEqual({ view: 'episode', runId: ids[0], caseId: ids[1], trial: 3 });
    expect(parseRoute(episodeHref('r', '', 1))).toEqual({ view: 'episode', runId: 'r', caseId: '', trial: 1 });
  });

  it('round-trips compare routes', () => {
    expect(parseRoute(compareHref('a/b', 'c d'))).toEqual({ view: 'compare', runA: 'a/b', runB: 'c d' });
    expect(compareHref(undefined, 'x')).toBe('#/compare');
  });

  it('round-trips benchmark pages and history routes', () => {
    expect(parseRoute(benchmarkHref('my bench/1'))).toEqual({ view: 'benchmark', benchmark: 'my bench/1' });
    expect(parseRoute(historyHref())).toEqual({ view: 'history' });
    expect(parseRoute(historyHref('b?#'))).toEqual({ view: 'history', benchmark: 'b?#' });
    expect(parseRoute('#/benchmark')).toMatchObject({ view: 'not-found' });
    expect(parseRoute('#/history/a/b')).toMatchObject({ view: 'not-found' });
  });

  it('sends malformed or unknown hashes to not-found', () => {
    expect(parseRoute('#/episode/run/case')).toMatchObject({ view: 'not-found' });
    expect(parseRoute('#/episode/run/case/one')).toMatchObject({ view: 'not-found' });
    expect(parseRoute('#/episode/%E0%A4%A/case/1')).toMatchObject({ view: 'not-found' });
    expect(parseRoute('#/javascript:alert(1)')).toMatchObject({ view: 'not-found' });
    expect(parseRoute('#/cases/extra')).toMatchObject({ view: 'not-found' });
  });
});
