import { buildSandboxWorld } from '../../domains/sandbox/index.js';
import { runEpisode } from '../../engine/index.js';
import type {
  Agent,
  BenchmarkOptionValues,
  EpisodeInput,
  EpisodeResult,
  Labels,
  NewMessage,
  RecordPartPath,
  RescoreInput,
  Row,
  Trajectory,
  TrajectoryEvent,
  User,
} from '../../spec/index.js';
import { DefinitionError } from '../../spec/index.js';
import { augmentedToolSet, type ToolRegistry, ToolSet } from '../../tools/index.js';
import { ScriptedUser } from '../../users/index.js';
import { remembered } from '../../util/index.js';
import { EpisodeClock, requireTable, WorldSnapshot } from '../../world/index.js';
import type { SandboxCase } from './cases.js';
import { corpusWorldRows } from './corpus-manifest.js';
import { judgeEpisode } from './judge-answers.js';
import { judgeOf } from './judge-option.js';
import { type EpisodeScore, evaluateEpisode, type ScoringProfile } from './milestones/index.js';
import { type SandboxEpisodeRecord, sandboxEpisodeRecord } from './record.js';
import type { SandboxScenario } from './sandbox-scenario.js';
import { sandboxToolkit } from './sandbox-toolkit.js';
import { sandboxMetrics } from './score.js';
import { scoringProfileOf } from './scoring-option.js';
import { withheldTools } from './withheld-information.js';

/** What every sandbox agent is told, whatever the scenario (it leaks nothing about the test). */
export const SANDBOX_AGENT_PROMPT =
  'You are a helpful assistant that can use tools. Do not guess values for tool arguments: when a request is ambiguous or information is missing, ask the user. When a tool reports an error, read it: it often says what to do next.';

export interface SandboxEpisodeResult {
  readonly trajectory: Trajectory;
  readonly score: EpisodeScore;
}

export interface SandboxEpisodeOptions {
  readonly sandboxCase: SandboxCase;
  readonly agent: Agent;
  /** Defaults to the scenario's scripted user. */
  readonly user?: User;
  /** Trial number, for repeated runs: part of the episode seed. */
  readonly trial?: number;
  readonly maxMessages?: number;
  readonly onEvent?: (event: TrajectoryEvent) => void;
  readonly signal?: AbortSignal;
  /** How answers and milestones are scored (the `--scoring` benchmark option); default `facts`. */
  readonly scoring?: ScoringProfile;
}

/** Scores a sandbox trajectory with its case's milestones and minefields under a profile. */
export function scoreSandboxTrajectory(
  sandboxCase: SandboxCase,
  trajectory: Trajectory,
  profile: ScoringProfile = 'facts',
): EpisodeScore {
  const { scenario } = sandboxCase;
  return evaluateEpisode(trajectory, sandboxToolkit().schema, scenario.milestones, scenario.minefields, {
    profile,
    requestImpossible: scenario.categories.includes('insufficient_information'),
  });
}

/** Plays one sandbox case and scores it with its milestones and minefields. */
export async function runSandboxCase(options: SandboxEpisodeOptions): Promise<SandboxEpisodeResult> {
  const { sandboxCase } = options;
  const { scenario } = sandboxCase;
  const { registry } = sandboxToolkit();
  const trial = options.trial ?? 0;
  const seed = `${sandboxCase.id}#${trial}`;
  const trajectory = await runEpisode({
    episodeId: seed,
    caseId: sandboxCase.id,
    agent: options.agent,
    user: options.user ?? new ScriptedUser(scenario.user.replies),
    agentTools: sandboxToolSet(sandboxCase),
    userTools: userToolSet(registry),
    world: initialWorld(scenario),
    clock: new EpisodeClock(scenario.clock.now, scenario.clock.timeZone),
    seed,
    seededMessages: seededMessages(scenario, sandboxCase.opening),
    ...(options.maxMessages === undefined ? {} : { maxMessages: options.maxMessages }),
    ...(options.onEvent ? { onEvent: options.onEvent } : {}),
    ...(options.signal ? { signal: options.signal } : {}),
  });
  return { trajectory, score: scoreSandboxTrajectory(sandboxCase, trajectory, options.scoring) };
}

/** The user's tools, the same for every case (tool sets are immutable). */
const userToolSets = new WeakMap<ToolRegistry, ToolSet>();

function userToolSet(registry: ToolRegistry): ToolSet {
  let toolSet = userToolSets.get(registry);
  if (!toolSet) {
    toolSet = ToolSet.fromRegistry(registry, 'user');
    userToolSets.set(registry, toolSet);
  }
  return toolSet;
}

/** The world each scenario starts from (snapshots are immutable: every case and trial shares it). */
const initialWorlds = new WeakMap<SandboxScenario, WorldSnapshot>();

function initialWorld(scenario: SandboxScenario): WorldSnapshot {
  return remembered(initialWorlds, scenario, () =>
    WorldSnapshot.create(sandboxToolkit().schema, scenarioRows(scenario)),
  );
}

/** Tool sets already built, per scenario and case (they are immutable, and ranking distractions is slow). */
const toolSets = new WeakMap<SandboxScenario, Map<string, ToolSet>>();

/** The agent's tools for a case: the scenario's tools under the case's augmentation (deterministic). */
export function sandboxToolSet(sandboxCase: SandboxCase): ToolSet {
  const { scenario } = sandboxCase;
  const byCase = remembered(toolSets, scenario, () => new Map<string, ToolSet>());
  return remembered(byCase, sandboxCase.id, () =>
    augmentedToolSet({
      registry: sandboxToolkit().registry,
      necessary: scenario.allow,
      deny: withheldTools(scenario.deny, scenario.allow),
      augmentation: sandboxCase.augmentation,
      seed: sandboxCase.baseId,
      ...(scenario.corpus?.distractionGroups ? { distractionGroups: scenario.corpus.distractionGroups } : {}),
    }),
  );
}

/** The agent's system prompt: the corpus's own (the paper's for the ToolSandbox corpus), else toolgauge's. */
export function agentPromptOf(scenario: SandboxScenario): string {
  return scenario.corpus?.agentPrompt ?? SANDBOX_AGENT_PROMPT;
}

/** The messages before the episode: the agent's prompt, the user's briefing and examples, the opening. */
export function seededMessages(scenario: SandboxScenario, opening: string): NewMessage[] {
  // A paper's corpus briefs the user with the paper's own system message: its instruction, then the task.
  const briefing =
    scenario.corpus?.userInstruction !== undefined
      ? `${scenario.corpus.userInstruction}${scenario.user.goal}`
      : [`Your goal: ${scenario.user.goal}`, `What you know: ${scenario.user.knowledge}`].join('\n');
  return [
    { type: 'text', sender: 'system', recipient: 'agent', text: agentPromptOf(scenario) },
    { type: 'text', sender: 'system', recipient: 'user', text: briefing },
    ...scenario.user.demonstrations.flatMap((dialogue) =>
      dialogue.map(
        (line): NewMessage => ({
          type: 'text',
          sender: line.from,
          recipient: line.from === 'user' ? 'agent' : 'user',
          text: line.text,
          visibleTo: ['user'],
        }),
      ),
    ),
    { type: 'text', sender: 'user', recipient: 'agent', text: opening },
  ];
}

/** The preset's (or the corpus world's) rows with the scenario's changes applied. */
export function scenarioRows(scenario: SandboxScenario): Record<string, Row[]> {
  const { schema } = sandboxToolkit();
  const worlds = scenario.corpus?.worlds;
  const corpusWorld = worlds && Object.hasOwn(worlds, scenario.preset) ? worlds[scenario.preset] : undefined;
  const rows: Record<string, Row[]> = corpusWorld
    ? corpusWorldRows(corpusWorld, scenario.clock.now)
    : buildSandboxWorld(scenario.preset, { now: scenario.clock.now });
  for (const [table, changes] of Object.entries(scenario.worldChanges)) {
    const key = requireTable(schema, table).primaryKey;
    let tableRows = rows[table] ?? [];
    for (const { key: id, set } of changes.update ?? []) {
      if (!tableRows.some((row) => row[key] === id)) {
        throw new DefinitionError(
          `${scenario.file}: world.changes.${table}.update: no row with ${key} ${JSON.stringify(id)}`,
        );
      }
      tableRows = tableRows.map((row) => (row[key] === id ? { ...row, ...set } : row));
    }
    for (const id of changes.remove ?? []) {
      if (!tableRows.some((row) => row[key] === id)) {
        throw new DefinitionError(
          `${scenario.file}: world.changes.${table}.remove: no row with ${key} ${JSON.stringify(id)}`,
        );
      }
      tableRows = tableRows.filter((row) => row[key] !== id);
    }
    rows[table] = [...tableRows, ...(changes.add ?? [])];
  }
  return rows;
}

/**
 * The world an episode starts in, stored once per scenario (about half of a record): every case and
 * trial of a scenario starts from the same snapshot, whose record is one frozen object.
 */
const sharedParts: readonly RecordPartPath[] = [['trajectory', 'initialWorld']];

/** The benchmark's `play`: one case with the run's participants, scored into its metrics and record. */
export async function playSandboxEpisode(
  input: EpisodeInput<SandboxCase>,
): Promise<EpisodeResult<SandboxEpisodeRecord>> {
  const { trajectory, score } = await runSandboxCase({
    sandboxCase: input.case,
    agent: input.agent,
    trial: input.trial,
    signal: input.signal,
    scoring: scoringProfileOf(input.options, input.case.scenario),
    ...(input.user ? { user: input.user } : {}),
    ...(input.limits.maxMessages === undefined ? {} : { maxMessages: input.limits.maxMessages }),
  });
  const judge = judgeOf(input.options);
  const judgements =
    judge && trajectory.termination.type !== 'infrastructure-failure'
      ? await judgeEpisode(input.case.scenario, trajectory, score, await judge, input.signal)
      : undefined;
  const record = sandboxEpisodeRecord(input.case, input.trial, input.agent.name, { trajectory, score, judgements });
  const labels = episodeLabels(input.case, input.options);
  if (trajectory.termination.type === 'infrastructure-failure') {
    return { status: 'failed', error: trajectory.termination.message, metrics: {}, labels, record, sharedParts };
  }
  return { status: 'scored', metrics: sandboxMetrics(score), labels, record, sharedParts };
}

/**
 * The benchmark's `rescore`: the stored trajectory scored again under the options' profile. A `--judge`
 * verdict stored with the episode is kept as it was (judging again would ask a model).
 */
export async function rescoreSandboxEpisode(
  input: RescoreInput<SandboxCase, SandboxEpisodeRecord>,
): Promise<EpisodeResult<SandboxEpisodeRecord>> {
  const { trajectory, judgements, agent } = input.record;
  const score = scoreSandboxTrajectory(input.case, trajectory, scoringProfileOf(input.options, input.case.scenario));
  const record = sandboxEpisodeRecord(input.case, input.trial, agent, { trajectory, score, judgements });
  const labels = episodeLabels(input.case, input.options);
  if (trajectory.termination.type === 'infrastructure-failure') {
    return { status: 'failed', error: trajectory.termination.message, metrics: {}, labels, record, sharedParts };
  }
  return { status: 'scored', metrics: sandboxMetrics(score), labels, record, sharedParts };
}

/** The corpus and the scoring profile travel with every episode, so each report table can name them. */
function episodeLabels(sandboxCase: SandboxCase, options: BenchmarkOptionValues): Labels {
  const { corpus } = sandboxCase.scenario;
  return {
    ...sandboxCase.labels,
    scenarioId: sandboxCase.scenario.id,
    ...(corpus ? { corpus: corpus.name } : {}),
    scoring: scoringProfileOf(options, sandboxCase.scenario),
  };
}
