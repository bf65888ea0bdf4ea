/**
 * A run as JUnit XML, the format CI dashboards (GitHub, GitLab, Jenkins, Buildkite) read: one test suite
 * per benchmark, one test case per episode. A failed episode (no fair score: a provider outage) is an
 * `<error>`; a scored episode below the pass mark is a `<failure>`; the run manifest goes into
 * `<properties>`. Written as a sequence of chunks, so a large run is never one big string.
 */

/** One episode as the JUnit report needs it. */
export interface JunitEpisode {
  readonly benchmark: string;
  readonly caseId: string;
  readonly trial: number;
  readonly status: 'scored' | 'failed';
  /** The headline score; null for a failed episode. */
  readonly score: number | null;
  readonly error: string | null;
  readonly durationMs: number;
  /** Every named metric of the episode, shown in the test case's output. */
  readonly metrics?: Readonly<Record<string, number | boolean | null>>;
}

export interface JunitReportOptions {
  readonly runId: string;
  /** The run manifest (toolgauge version, commit, case-set hash, settings…), flattened into properties. */
  readonly manifest: Readonly<Record<string, unknown>>;
  /** A scored episode whose headline score is below this is a failure (default 1: anything short of perfect). */
  readonly passScore?: number;
  /** The report's timestamp (ISO 8601); default now. */
  readonly timestamp?: string;
}

/** The JUnit XML of a run, chunk by chunk; episodes must come grouped by benchmark (as the store orders them). */
export function* junitReportChunks(
  episodes: Iterable<JunitEpisode>,
  options: JunitReportOptions,
): Generator<string, void, undefined> {
  const passScore = options.passScore ?? 1;
  const timestamp = options.timestamp ?? new Date().toISOString().replace(/\.\d+Z$/, '');
  const byBenchmark = new Map<string, JunitEpisode[]>();
  for (const episode of episodes) {
    const list = byBenchmark.get(episode.benchmark) ?? [];
    list.push(episode);
    byBenchmark.set(episode.benchmark, list);
  }
  const all = [...byBenchmark.values()].flat();
  const count = (list: readonly JunitEpisode[]) => ({
    tests: list.length,
    errors: list.filter((episode) => episode.status === 'failed').length,
    failures: list.filter((episode) => isBelow(episode, passScore)).length,
    time: seconds(list.reduce((total, episode) => total + episode.durationMs, 0)),
  });
  const totals = count(all);
  yield '<?xml version="1.0" encoding="UTF-8"?>\n';
  yield `<testsuites name="${attribute(`toolgauge ${options.runId}`)}" tests="${totals.tests}" failures="${totals.failures}" errors="${totals.errors}" time="${totals.time}">\n`;
  for (const [benchmark, list] of byBenchmark) {
    const suite = count(list);
    yield `  <testsuite name="${attribute(benchmark)}" tests="${suite.tests}" failures="${suite.failures}" errors="${suite.errors}" skipped="0" time="${suite.time}" timestamp="${attribute(timestamp)}">\n`;
    yield '    <properties>\n';
    for (const [name, value] of flatten({ runId: options.runId, passScore, ...options.manifest })) {
      yield `      <property name="${attribute(name)}" value="${attribute(value)}"/>\n`;
    }
    yield '    </properties>\n';
    for (const episode of list) yield testCase(episode, passScore);
    yield '  </testsuite>\n';
  }
  yield '</testsuites>\n';
}

/** The whole report as one string (for small runs and tests). */
export function junitReport(episodes: Iterable<JunitEpisode>, options: JunitReportOptions): string {
  return [...junitReportChunks(episodes, options)].join('');
}

function testCase(episode: JunitEpisode, passScore: number): string {
  const name = `${episode.caseId}#${episode.trial}`;
  const open = `    <testcase classname="${attribute(episode.benchmark)}" name="${attribute(name)}" time="${seconds(episode.durationMs)}"`;
  const metrics = Object.entries(episode.metrics ?? {})
    .map(([metric, value]) => `${metric}=${value}`)
    .join(' ');
  const out = `score=${episode.score ?? 'none'}${metrics ? ` ${metrics}` : ''}`;
  let verdict = '';
  if (episode.status === 'failed') {
    const message = episode.error ?? 'the episode failed';
    verdict = `      <error type="episode-failed" message="${attribute(oneLine(message))}">${text(message)}</error>\n`;
  } else if (isBelow(episode, passScore)) {
    const message = `score ${episode.score?.toFixed(3)} is below ${passScore}`;
    verdict = `      <failure type="below-pass-score" message="${attribute(message)}">${text(out)}</failure>\n`;
  }
  return `${open}>\n${verdict}      <system-out>${text(out)}</system-out>\n    </testcase>\n`;
}

function isBelow(episode: JunitEpisode, passScore: number): boolean {
  return episode.status === 'scored' && (episode.score === null || episode.score < passScore);
}

function seconds(milliseconds: number): string {
  return (milliseconds / 1000).toFixed(3);
}

function oneLine(value: string): string {
  const flat = value.replace(/\s+/g, ' ').trim();
  return flat.length > 500 ? `${flat.slice(0, 500)}…` : flat;
}

/** Characters XML 1.0 cannot hold at all (most controls, lone surrogates, U+FFFE/U+FFFF) become U+FFFD. */
function xmlSafe(value: string): string {
  return value.replace(NOT_XML, '\ufffd');
}

const NOT_XML = new RegExp(
  [
    '[\\u0000-\\u0008\\u000b\\u000c\\u000e-\\u001f\\ufffe\\uffff]',
    '[\\ud800-\\udbff](?![\\udc00-\\udfff])',
    '(?<![\\ud800-\\udbff])[\\udc00-\\udfff]',
  ].join('|'),
  'g',
);

/** Text content: `&`, `<`, `>` escaped. */
function text(value: string): string {
  return xmlSafe(value).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** An attribute value: also quotes, and line breaks and tabs kept as character references. */
function attribute(value: string): string {
  return text(value)
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;')
    .replace(/\n/g, '&#10;')
    .replace(/\r/g, '&#13;')
    .replace(/\t/g, '&#9;');
}

/** `{ a: { b: 1 } }` → `[['a.b', '1']]`; arrays and other values as JSON. */
function flatten(record: Readonly<Record<string, unknown>>, prefix = ''): [string, string][] {
  return Object.entries(record).flatMap(([key, value]): [string, string][] => {
    const name = prefix ? `${prefix}.${key}` : key;
    if (value === undefined) return [];
    if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
      return flatten(value as Record<string, unknown>, name);
    }
    return [[name, typeof value === 'string' ? value : JSON.stringify(value)]];
  });
}
