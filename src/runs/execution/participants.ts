import { ModelAgent } from '../../models/model-agent.js';
import type {
  Agent,
  AnyBenchmark,
  BenchmarkCase,
  BenchmarkOptionValues,
  ModelAdapter,
  ModelSettings,
  User,
} from '../../spec/index.js';
import { LlmUser } from '../../users/index.js';
import type { UsageMeter } from '../pricing/usage-meter.js';
import type { RunStore } from '../store/run-store.js';
import { type CacheMode, CachingModelAdapter } from './response-cache.js';

/** Who plays an episode: a built-in agent name, the user's own agent, or a model; the benchmark's user or a model. */
export interface ParticipantsSpec {
  /** A built-in agent of the benchmark (`oracle`, …), `module:<path>`, or a model spec such as `openai:gpt-4o`. */
  readonly agent: string;
  /** `scripted` (the benchmark's own user, if any), or a model spec for the LLM user simulator. */
  readonly user: string;
  readonly agentSettings: ModelSettings;
  readonly userSettings: ModelSettings;
  readonly cache: CacheMode;
  /** For an external agent (`command:`, `endpoint:`): the model spec it is served on a proxy (`--model`). */
  readonly model?: string;
}

export interface ParticipantsContext {
  /** The store whose response cache model calls go through; without one the cache is off. */
  readonly store?: RunStore;
  /** The run-wide adapter for a model spec (queued and retried); made once per spec. */
  readonly adapterFor: (spec: string, role: 'agent' | 'user') => ModelAdapter;
  /**
   * For an agent spec `module:<path>`, `command:…` or `endpoint:…` (or a library caller's own agent): a
   * fresh agent per episode (`trial` tells the episodes of a case apart; `model` is the episode's metered,
   * cached adapter for the spec's `model`, when there is one).
   */
  readonly customAgent?: (benchmarkCase: BenchmarkCase, trial: number, model?: ModelAdapter) => Agent;
}

/** An agent spec `module:./my-agent.js` names a module whose default export makes the user's own agent. */
export const CUSTOM_AGENT_PREFIX = 'module:';

/** Agent specs of external agents, served their tools over MCP (`command:…`, `endpoint:…`). */
export const EXTERNAL_AGENT_PREFIXES = ['command:', 'endpoint:'] as const;

/** Whether an agent spec is the user's own agent: a module, a command or an endpoint. */
export function isCustomAgentSpec(spec: string): boolean {
  return spec.startsWith(CUSTOM_AGENT_PREFIX) || EXTERNAL_AGENT_PREFIXES.some((prefix) => spec.startsWith(prefix));
}

/** The user spec for the benchmark's own user (scripted replies, or none). */
export const SCRIPTED_USER = 'scripted';

/** Whether an agent spec names one of the benchmark's built-in agents. */
export function isBuiltinAgent(benchmark: AnyBenchmark, spec: string): boolean {
  return benchmark.agents.some((agent) => agent.name === spec);
}

function model(
  spec: string,
  role: 'agent' | 'user',
  trial: number,
  context: ParticipantsContext,
  meter: UsageMeter,
  cache: CacheMode,
): ModelAdapter {
  const adapter = context.adapterFor(spec, role);
  const cached = context.store && cache !== 'off';
  return meter.meter(cached ? new CachingModelAdapter(adapter, context.store, cache, trial) : adapter);
}

/** A fresh agent for one episode. */
export function makeAgent(
  benchmark: AnyBenchmark,
  benchmarkCase: BenchmarkCase,
  trial: number,
  spec: ParticipantsSpec,
  context: ParticipantsContext,
  meter: UsageMeter,
  options: BenchmarkOptionValues,
): Agent {
  const builtin = benchmark.agents.find((agent) => agent.name === spec.agent);
  if (builtin) return builtin.create(benchmarkCase, options);
  if (isCustomAgentSpec(spec.agent)) {
    if (!context.customAgent) throw new Error(`no agent was made for "${spec.agent}"`);
    const served = spec.model ? model(spec.model, 'agent', trial, context, meter, spec.cache) : undefined;
    return context.customAgent(benchmarkCase, trial, served);
  }
  return new ModelAgent(model(spec.agent, 'agent', trial, context, meter, spec.cache), spec.agentSettings);
}

/** The LLM user for one episode, or none (the benchmark's own user). */
export function makeUser(
  benchmark: AnyBenchmark,
  trial: number,
  spec: ParticipantsSpec,
  context: ParticipantsContext,
  meter: UsageMeter,
): User | undefined {
  if (spec.user === SCRIPTED_USER) return undefined;
  return new LlmUser(
    model(spec.user, 'user', trial, context, meter, spec.cache),
    spec.userSettings,
    ...(benchmark.userInstructions ? [benchmark.userInstructions] : []),
  );
}
