/**
 * A small, deterministic ReportData for development (`vite --config report/vite.config.ts` shows it when
 * the data element is empty) and for browser checks. Never part of the built page.
 */
import type {
  DiagnosticFinding,
  DiagnosticPattern,
  ReportData,
  ReportEpisode,
  ReportRun,
} from '../src/report/report-data';
import { genericEpisode } from './sample-generic-episode.ts';
import { HOSTILE, hostileEpisode } from './sample-hostile-episode.ts';
import { summarize } from './sample-summary.ts';
import {
  type Detail,
  figureOne,
  figureThree,
  PHONE_WORLD,
  PHONE_WORLD_KEY,
  PHONE_WORLD_PRIMARY_KEYS,
  parallelCalls,
} from './sample-trajectories.ts';

export interface SampleOptions {
  /** Add hostile strings (markup, `javascript:` URLs) to run ids, case ids, messages and settings. */
  readonly hostile?: boolean;
  /** Extra generated episodes (without trajectories' variety) to test a large report. */
  readonly extraEpisodes?: number;
}

interface SampleCase {
  readonly id: string;
  readonly categories: readonly string[];
  readonly tool: string;
  readonly request: string;
}

const CASES: readonly SampleCase[] = [
  {
    id: 'send_message_cellular_off',
    categories: ['state_dependency', 'multiple_tool_call', 'single_user_turn'],
    tool: 'send_message_with_phone_number',
    request: 'Send a message to Fredrik.',
  },
  {
    id: 'days_until_birthday_no_clock',
    categories: ['insufficient_information', 'single_user_turn'],
    tool: 'timestamp_diff',
    request: 'How many days until Lisa’s birthday?',
  },
  {
    id: 'reminder_tomorrow_parallel',
    categories: ['multiple_tool_call', 'canonicalization', 'single_user_turn'],
    tool: 'add_reminder',
    request: 'Remind me tomorrow at 9.',
  },
  {
    id: 'convert_usd_to_eur',
    categories: ['single_tool_call', 'single_user_turn'],
    tool: 'convert_currency',
    request: 'How much is 120 USD in euros?',
  },
  {
    id: 'weather_in_home_city',
    categories: ['multiple_tool_call', 'multiple_user_turn'],
    tool: 'search_weather',
    request: 'What is the weather at home?',
  },
  {
    id: 'add_contact_canonical_phone',
    categories: ['single_tool_call', 'canonicalization'],
    tool: 'add_contact',
    request: 'Add Bart, his number is 555 0100.',
  },
  {
    id: 'wifi_off_then_search',
    categories: ['state_dependency', 'multiple_tool_call', 'multiple_user_turn'],
    tool: 'search_places',
    request: 'Find a coffee shop near me.',
  },
  {
    id: 'stock_price_apple',
    categories: ['single_tool_call', 'single_user_turn'],
    tool: 'search_stock',
    request: 'What is Apple trading at?',
  },
  {
    id: 'holiday_next_monday',
    categories: ['canonicalization', 'multiple_user_turn'],
    tool: 'search_holiday',
    request: 'Is next Monday a holiday?',
  },
  {
    id: 'delete_old_reminder',
    categories: ['multiple_tool_call', 'state_dependency'],
    tool: 'remove_reminder',
    request: 'Delete my guitar strings reminder.',
  },
  {
    id: 'message_unknown_person',
    categories: ['insufficient_information', 'multiple_user_turn'],
    tool: 'send_message_with_phone_number',
    request: 'Text my dentist.',
  },
];

const AUGMENTATIONS = ['distraction-0', 'distraction-3', 'scrambled-tool-name'];
const TRIALS = 3;

/** A small deterministic generator (mulberry32). */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = Math.imul(state ^ (state >>> 15), 1 | state);
    value = (value + Math.imul(value ^ (value >>> 7), 61 | value)) ^ value;
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
  };
}

interface RunSpec {
  readonly runId: string;
  readonly agent: string;
  readonly skill: number;
  readonly seed: number;
  readonly createdAt: string;
}

function trajectory(spec: RunSpec, sampleCase: SampleCase, draw: () => number, hostile: boolean) {
  const strong = spec.skill > 0.7;
  switch (sampleCase.id) {
    case 'send_message_cellular_off':
      return figureOne(spec.agent, strong || draw() > 0.5);
    case 'days_until_birthday_no_clock':
      return figureThree(spec.agent, strong ? draw() > 0.3 : draw() > 0.8);
    case 'reminder_tomorrow_parallel':
      return parallelCalls(spec.agent);
    default:
      if (hostile && sampleCase.id.startsWith('xss')) return hostileEpisode(spec.agent);
      return genericEpisode(
        spec.agent,
        sampleCase.tool,
        sampleCase.request,
        Math.round(Math.min(1, Math.max(0, spec.skill + (draw() - 0.5) * 0.8)) * 1000) / 1000,
      );
  }
}

const PATTERN_OF_ERROR: Readonly<Record<string, DiagnosticPattern>> = {
  'unknown-tool': 'IFN',
  'unknown-argument': 'IAN',
  'invalid-argument-type': 'IAT',
  'unparsable-arguments': 'IFE',
};

/**
 * The diagnostics of a sample trajectory, found the way the engine finds them (src/engine/diagnostics.ts):
 * an agent call answered with one of the four errors, or an exact repeat of an earlier agent call with no
 * world change in between.
 */
function sampleDiagnostics(detail: Omit<Detail, 'diagnostics' | 'diagnosticFindings'>): {
  diagnostics: Record<DiagnosticPattern, number>;
  diagnosticFindings: DiagnosticFinding[];
} {
  const findings: DiagnosticFinding[] = [];
  const lastSeen = new Map<string, number>();
  const changes = detail.worldChanges.map((change) => change.messageIndex);
  for (const message of detail.messages) {
    if (message.type !== 'tool-call' || message.sender !== 'agent') continue;
    const finding = (pattern: DiagnosticPattern): DiagnosticFinding => ({
      pattern,
      messageIndex: message.index,
      callId: message.call.id,
      toolName: message.call.name,
    });
    const answer = detail.messages.find(
      (other) => other.type === 'tool-result' && other.callId === message.call.id && other.index > message.index,
    );
    if (answer?.type === 'tool-result' && answer.outcome.type === 'error') {
      const pattern = PATTERN_OF_ERROR[answer.outcome.error.kind];
      if (pattern) findings.push(finding(pattern));
    }
    const key = `${message.call.name}\u0000${JSON.stringify(message.call.arguments)}`;
    const previous = lastSeen.get(key);
    if (previous !== undefined && !changes.some((index) => index > previous && index < message.index)) {
      findings.push(finding('RAC'));
    }
    lastSeen.set(key, answer?.index ?? message.index);
  }
  const diagnostics: Record<DiagnosticPattern, number> = { IFN: 0, IAN: 0, IAT: 0, IFE: 0, RAC: 0 };
  for (const { pattern } of findings) diagnostics[pattern] += 1;
  return { diagnostics, diagnosticFindings: findings };
}

function runEpisodes(spec: RunSpec, cases: readonly SampleCase[], hostile: boolean): ReportEpisode[] {
  const draw = random(spec.seed);
  const episodes: ReportEpisode[] = [];
  for (const sampleCase of cases) {
    for (const augmentation of AUGMENTATIONS) {
      for (let trial = 1; trial <= TRIALS; trial += 1) {
        const caseId = `${sampleCase.id}@${augmentation}`;
        const failed = draw() < 0.03;
        const base = {
          runId: spec.runId,
          caseId,
          trial,
          cost: Math.round(draw() * 400) / 100000,
          inputTokens: Math.round(1500 + draw() * 3000),
          outputTokens: Math.round(80 + draw() * 400),
          baseId: sampleCase.id,
          scenarioId: sampleCase.id,
          augmentation,
          categories: sampleCase.categories,
          benchmark: 'sandbox',
          metrics: {},
          labels: { baseId: sampleCase.id, augmentation, categories: sampleCase.categories },
        };
        if (failed) {
          episodes.push({
            ...base,
            status: 'failed',
            score: null,
            turnCount: null,
            error: 'provider outage: HTTP 503 after 3 retries',
          });
          continue;
        }
        const { score, ...rest } = trajectory(spec, sampleCase, draw, hostile);
        const detail: Detail = { ...rest, ...sampleDiagnostics(rest) };
        const turnCount = detail.messages.length - detail.firstEpisodeMessage;
        episodes.push({
          ...base,
          status: 'scored',
          score,
          turnCount,
          error: null,
          detail,
          metrics: { score, milestoneScore: detail.milestoneScore, minefieldScore: detail.minefieldScore, turnCount },
        });
      }
    }
  }
  return episodes;
}

/** Builds the sample report: two runs (three with `hostile`), 11 cases × 3 augmentations × 3 trials each. */
export function buildSampleReportData(options: SampleOptions = {}): ReportData {
  const hostile = options.hostile ?? false;
  const specs: RunSpec[] = [
    {
      runId: '2026-08-01-gpt-4o',
      agent: 'openai:gpt-4o-2024-08-06',
      skill: 0.78,
      seed: 7,
      createdAt: '2026-08-01T09:12:00.000Z',
    },
    {
      runId: '2026-08-02-claude-sonnet',
      agent: 'anthropic:claude-sonnet-4-5',
      skill: 0.66,
      seed: 11,
      createdAt: '2026-08-02T14:40:00.000Z',
    },
  ];
  if (hostile)
    specs.push({
      runId: `run-${HOSTILE}`,
      agent: HOSTILE,
      skill: 0.5,
      seed: 13,
      createdAt: '2026-08-03T00:00:00.000Z',
    });
  const cases = hostile
    ? [
        ...CASES,
        {
          id: `xss/<img src=x onerror=alert(9)>`,
          categories: ['single_tool_call'],
          tool: 'open_url',
          request: HOSTILE,
        },
      ]
    : CASES;
  const runs: ReportRun[] = [];
  const episodes: ReportEpisode[] = [];
  for (const spec of specs) {
    const own = runEpisodes(spec, cases, hostile);
    const config = {
      agent: spec.agent,
      user: 'llm-user:gpt-4o',
      trials: TRIALS,
      augmentations: AUGMENTATIONS,
      ...(hostile ? { note: HOSTILE } : {}),
    };
    runs.push(summarize(spec.runId, spec.createdAt, spec.agent, config, own));
    episodes.push(...own);
  }
  const draw = random(99);
  for (let index = 0; index < (options.extraEpisodes ?? 0); index += 1) {
    const spec = specs[index % specs.length] as RunSpec;
    const score = Math.round(draw() * 1000) / 1000;
    episodes.push({
      runId: spec.runId,
      caseId: `bulk_${String(Math.floor(index / specs.length)).padStart(5, '0')}@distraction-0`,
      trial: 1,
      status: 'scored',
      score,
      turnCount: 4 + Math.floor(draw() * 12),
      error: null,
      cost: 0.001,
      inputTokens: 1000,
      outputTokens: 100,
      baseId: 'bulk',
      scenarioId: 'bulk',
      augmentation: 'distraction-0',
      categories: ['single_tool_call'],
      benchmark: 'sandbox',
      metrics: { score },
      labels: { augmentation: 'distraction-0', categories: ['single_tool_call'] },
    });
  }
  return {
    formatVersion: 4,
    generatedAt: '2026-08-04T08:00:00.000Z',
    runs,
    benchmarkRuns: [],
    episodes,
    worlds: { [PHONE_WORLD_KEY]: PHONE_WORLD },
    tablePrimaryKeys: PHONE_WORLD_PRIMARY_KEYS,
  };
}
