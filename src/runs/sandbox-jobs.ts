import {
  builtinAgent,
  runSandboxCase,
  SANDBOX_AGENTS,
  type SandboxAgentName,
  type SandboxCase,
  sandboxEpisodeRecord,
} from '../benchmarks/sandbox/index.js';
import { ModelAgent } from '../models/index.js';
import type { Agent, ModelAdapter, ModelSettings, User } from '../spec/index.js';
import { LlmUser } from '../users/index.js';
import type { EpisodeJob } from './execute-run.js';
import { type CacheMode, CachingModelAdapter } from './response-cache.js';
import type { RunStore } from './run-store.js';
import type { UsageMeter } from './usage-meter.js';

/** Who plays an episode: a built-in agent name or a model; the scripted user or a model. */
export interface ParticipantsSpec {
  /** `oracle`, `unhelpful`, or a model spec such as `openai:gpt-4o`. */
  readonly agent: string;
  /** `scripted`, or a model spec for the LLM user simulator. */
  readonly user: string;
  readonly agentSettings: ModelSettings;
  readonly userSettings: ModelSettings;
  readonly cache: CacheMode;
}

export interface ParticipantsContext {
  readonly store: RunStore;
  /** The run-wide adapter for a model spec (queued and retried); made once per spec. */
  readonly adapterFor: (spec: string, role: 'agent' | 'user') => ModelAdapter;
  /** For an agent spec `module:<path>`: makes the user's own agent, a fresh one per episode. */
  readonly customAgent?: () => Agent;
}

/** The sandbox run's episodes: each case × trial, played by fresh participants and scored. */
export function sandboxJobs(
  cases: readonly SandboxCase[],
  trials: number,
  spec: ParticipantsSpec,
  context: ParticipantsContext,
  options: { readonly maxMessages?: number } = {},
): EpisodeJob[] {
  return cases.flatMap((sandboxCase) =>
    Array.from(
      { length: trials },
      (_, trial): EpisodeJob => ({
        caseId: sandboxCase.id,
        trial,
        async play(meter, signal) {
          const agent = makeAgent(sandboxCase, trial, spec, context, meter);
          const user = makeUser(trial, spec, context, meter);
          const { trajectory, score } = await runSandboxCase({
            sandboxCase,
            agent,
            trial,
            signal,
            ...(user ? { user } : {}),
            ...(options.maxMessages === undefined ? {} : { maxMessages: options.maxMessages }),
          });
          // The per-call usage goes with the episode; episode and run totals are kept by the store.
          const record = {
            ...sandboxEpisodeRecord(sandboxCase, trial, agent.name, { trajectory, score }),
            modelCalls: meter.calls,
          };
          const failed = trajectory.termination.type === 'infrastructure-failure';
          return {
            status: failed ? 'failed' : 'scored',
            score: failed ? null : score.score,
            turnCount: score.turnCount,
            error: trajectory.termination.type === 'infrastructure-failure' ? trajectory.termination.message : null,
            labels: {
              baseId: sandboxCase.baseId,
              scenarioId: sandboxCase.scenario.id,
              augmentation: sandboxCase.augmentation,
              categories: sandboxCase.scenario.categories,
            },
            record,
          };
        },
      }),
    ),
  );
}

/** An agent spec `module:./my-agent.js` names a module whose default export makes the user's own agent. */
export const CUSTOM_AGENT_PREFIX = 'module:';

function isBuiltinAgent(name: string): name is SandboxAgentName {
  return (SANDBOX_AGENTS as readonly string[]).includes(name);
}

function model(
  spec: string,
  role: 'agent' | 'user',
  trial: number,
  context: ParticipantsContext,
  meter: UsageMeter,
  cache: CacheMode,
) {
  return meter.meter(new CachingModelAdapter(context.adapterFor(spec, role), context.store, cache, trial));
}

function makeAgent(
  sandboxCase: SandboxCase,
  trial: number,
  spec: ParticipantsSpec,
  context: ParticipantsContext,
  meter: UsageMeter,
): Agent {
  if (isBuiltinAgent(spec.agent)) return builtinAgent(spec.agent, sandboxCase);
  if (spec.agent.startsWith(CUSTOM_AGENT_PREFIX)) {
    if (!context.customAgent) throw new Error(`no agent module was loaded for "${spec.agent}"`);
    return context.customAgent();
  }
  return new ModelAgent(model(spec.agent, 'agent', trial, context, meter, spec.cache), spec.agentSettings);
}

function makeUser(
  trial: number,
  spec: ParticipantsSpec,
  context: ParticipantsContext,
  meter: UsageMeter,
): User | undefined {
  if (spec.user === 'scripted') return undefined;
  return new LlmUser(model(spec.user, 'user', trial, context, meter, spec.cache), spec.userSettings);
}
