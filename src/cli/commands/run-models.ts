/**
 * Who plays a run, as far as models go: the providers loaded only for a run that talks to a model, the
 * preflight's test request per model, one queued and retried adapter per model spec, and the external
 * (`command:`/`endpoint:`) agents with their stored time limits.
 */
import type { createModelAdapter, ModelClient } from '../../models/providers/create-model-adapter.js';
import { parseModelSpec } from '../../models/providers/model-spec.js';
import { formatPreflightProblems, type PreflightTarget, preflight } from '../../runs/execution/preflight.js';
import {
  DEFAULT_RETRY_POLICY,
  EndpointLimiter,
  isCustomAgentSpec,
  ResilientModelAdapter,
  SCRIPTED_USER,
} from '../../runs/index.js';
import type { Agent, ModelAdapter } from '../../spec/index.js';
import type { RunFlags, RunSettings } from '../run-settings.js';
import { UsageError } from '../usage-error.js';

/** One tiny request per model (and a check of its key and URL) before anything is played. */
export async function preflightModels(
  settings: RunSettings,
  flags: RunFlags,
  client: ModelClient,
  makeAdapter: MakeAdapter | undefined,
): Promise<void> {
  // A `command:`/`endpoint:` agent's `--model` is the agent's model too (on the agent's --base-url).
  const roles = [
    { role: 'agent', spec: settings.agent, server: 'agent' },
    { role: 'agent model', spec: settings.model ?? '', server: 'agent' },
    { role: 'user', spec: settings.user, server: 'user' },
  ] as const;
  const targets: PreflightTarget[] = roles
    .filter(({ spec }) => isModelSpec(spec))
    .map(({ role, spec, server }) => ({
      role,
      spec,
      adapter: () => {
        const baseUrl = baseUrlFor(server, settings, flags);
        return providersFor(spec, makeAdapter)(spec, { client, ...(baseUrl ? { baseUrl } : {}) });
      },
    }));
  // The test request gets the run's own time limit (a silent server fails it in that time), 30 s by default.
  const problems = await preflight(targets, settings.timeoutMs === undefined ? {} : { timeoutMs: settings.timeoutMs });
  if (problems.length > 0) throw new UsageError(formatPreflightProblems(problems));
}

export type MakeAdapter = typeof createModelAdapter;

export async function loadModelProviders(): Promise<MakeAdapter> {
  return (await import('../../models/providers/create-model-adapter.js')).createModelAdapter;
}

/** The adapter maker loaded for a run whose participants include a model (`spec` is one of them). */
function providersFor(spec: string, makeAdapter: MakeAdapter | undefined): MakeAdapter {
  if (!makeAdapter) throw new Error(`"${spec}" is not a model of this run: its providers were not loaded`);
  return makeAdapter;
}

/** Whether an agent or user spec names a model (and so gets a preflight request). */
export function isModelSpec(spec: string): boolean {
  if (spec === SCRIPTED_USER || isCustomAgentSpec(spec)) return false;
  try {
    parseModelSpec(spec);
    return true;
  } catch {
    return false;
  }
}

/** The base URL a role's model is reached at: the flag (which may carry credentials), else the stored one. */
function baseUrlFor(role: 'agent' | 'user', settings: RunSettings, flags: RunFlags): string | undefined {
  return role === 'user' ? (flags.userBaseUrl ?? settings.userBaseUrl) : (flags.baseUrl ?? settings.baseUrl);
}

/**
 * A `command:`/`endpoint:` agent: a fresh external agent per episode, served its tools over MCP (loaded
 * only for such a run: it brings the MCP SDK).
 */
export async function externalAgents(
  settings: RunSettings,
): Promise<(benchmarkCase: { readonly id: string }, trial: number, model?: ModelAdapter) => Agent> {
  const { externalAgentFactory } = await import('../../agents/external/index.js');
  // Stored with the run (`--agent-turn-timeout`, `--agent-episode-timeout`): a resume and every
  // `--workers` process play under the limits the run was started with.
  const turnMs = settings.agentTurnTimeout === undefined ? undefined : settings.agentTurnTimeout * 1000;
  const episodeMs = settings.agentEpisodeTimeout === undefined ? undefined : settings.agentEpisodeTimeout * 1000;
  const spec = settings.agent;
  let factory: ReturnType<typeof externalAgentFactory>;
  try {
    factory = externalAgentFactory(spec, {
      limits: { ...(turnMs ? { turnMs } : {}), ...(episodeMs ? { episodeMs } : {}) },
    });
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
  return (benchmarkCase, trial, model) => factory(`${benchmarkCase.id}#${trial}`, model);
}

/** One queued, retried adapter per model spec; one request limiter per endpoint. */
export function modelAdapters(
  settings: RunSettings,
  flags: RunFlags,
  client: ModelClient,
  makeAdapter: MakeAdapter | undefined,
): (spec: string, role: 'agent' | 'user') => ModelAdapter {
  const adapters = new Map<string, ModelAdapter>();
  const limiters = new Map<string, EndpointLimiter>();
  return (spec, role) => {
    const baseUrl = baseUrlFor(role, settings, flags);
    const key = `${spec}@${baseUrl ?? ''}`;
    let adapter = adapters.get(key);
    if (!adapter) {
      const endpoint = `${parseModelSpec(spec).provider}@${baseUrl ?? 'default'}`;
      let limiter = limiters.get(endpoint);
      if (!limiter) {
        limiter = new EndpointLimiter(flags.endpointConcurrency ?? flags.concurrency);
        limiters.set(endpoint, limiter);
      }
      const policy = settings.timeoutMs
        ? { ...DEFAULT_RETRY_POLICY, timeoutMs: settings.timeoutMs }
        : DEFAULT_RETRY_POLICY;
      adapter = new ResilientModelAdapter(
        providersFor(spec, makeAdapter)(spec, { client, ...(baseUrl ? { baseUrl } : {}) }),
        limiter,
        policy,
      );
      adapters.set(key, adapter);
    }
    return adapter;
  };
}
