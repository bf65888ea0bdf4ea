import type { Agent, ModelAdapter } from '../../spec/index.js';
import { endpointChannel } from './endpoint-channel.js';
import { DEFAULT_EXTERNAL_AGENT_LIMITS, ExternalAgent, type ExternalAgentLimits } from './external-agent.js';
import { processChannel } from './process-channel.js';

/** `--agent command:"python3 my_agent.py"`: a process per conversation. */
export const COMMAND_AGENT_PREFIX = 'command:';
/** `--agent endpoint:http://127.0.0.1:8080/turn`: a long-running agent service. */
export const ENDPOINT_AGENT_PREFIX = 'endpoint:';

/** Whether an agent spec names an external agent (a command or an endpoint). */
export function isExternalAgentSpec(spec: string): boolean {
  return spec.startsWith(COMMAND_AGENT_PREFIX) || spec.startsWith(ENDPOINT_AGENT_PREFIX);
}

export interface ExternalAgentOptions {
  readonly limits?: Partial<ExternalAgentLimits>;
  /** Where a command runs (default: the working directory). */
  readonly cwd?: string;
}

/**
 * The factory of an external agent spec: a fresh {@link ExternalAgent} per episode, named by the spec,
 * served `model` (the run's adapter for `--model`) on an OpenAI-compatible proxy when one is given.
 * Throws an error naming the flag for a spec that cannot work (an empty command, a URL that is not http).
 */
export function externalAgentFactory(
  spec: string,
  options: ExternalAgentOptions = {},
): (episode: string, model?: ModelAdapter) => Agent {
  const limits = { ...DEFAULT_EXTERNAL_AGENT_LIMITS, ...options.limits };
  let open: ReturnType<typeof processChannel>;
  if (spec.startsWith(COMMAND_AGENT_PREFIX)) {
    const command = spec.slice(COMMAND_AGENT_PREFIX.length).trim();
    if (!command)
      throw new Error(`--agent ${spec}: give the command that starts the agent, e.g. command:"python3 agent.py"`);
    open = processChannel(command, options.cwd);
  } else if (spec.startsWith(ENDPOINT_AGENT_PREFIX)) {
    const url = spec.slice(ENDPOINT_AGENT_PREFIX.length).trim();
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      throw new Error(`--agent ${spec}: "${url}" is not a URL (e.g. endpoint:http://127.0.0.1:8080/turn)`);
    }
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
      throw new Error(`--agent ${spec}: the agent service's URL must be http or https`);
    }
    open = endpointChannel(url);
  } else {
    throw new Error(`--agent ${spec}: not an external agent (command:… or endpoint:…)`);
  }
  return (episode, model) => new ExternalAgent(spec, episode, open, limits, model);
}
