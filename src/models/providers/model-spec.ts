/**
 * Model specs: the `provider:model` strings that name a model on the command line and in run files.
 */

/** The providers toolgauge talks to natively, each with its own wire format. */
export type NativeProvider = 'openai' | 'anthropic' | 'google' | 'openai-compatible';

/** Every native provider, in the order they are listed in help texts. */
export const NATIVE_PROVIDERS: readonly NativeProvider[] = ['openai', 'anthropic', 'google', 'openai-compatible'];

/** A model reached through a provider's native tool calling, e.g. `{ provider: 'openai', model: 'gpt-4o' }`. */
export interface NativeModelSpec {
  readonly provider: NativeProvider;
  /** The provider's model name; it may itself contain colons (`llama3.1:8b` on Ollama). */
  readonly model: string;
}

/**
 * A model driven in prompt mode: tools are described in the system prompt and calls are parsed from
 * its text. `model` is the inner spec as written (`openai-compatible:llama3`), `inner` is it parsed.
 */
export interface PromptModeModelSpec {
  readonly provider: 'prompt';
  readonly model: string;
  readonly inner: NativeModelSpec;
}

/** A parsed model spec: a native model, or prompt mode around one. */
export type ModelSpec = NativeModelSpec | PromptModeModelSpec;

const VALID_FORMS = [
  'openai:<model>               e.g. openai:gpt-4o',
  'anthropic:<model>            e.g. anthropic:claude-sonnet-4-5',
  'google:<model>               e.g. google:gemini-2.5-flash',
  'openai-compatible:<model>    any OpenAI-compatible server (vLLM, Ollama, llama.cpp, LM Studio, a gateway);',
  '                             needs a base URL, e.g. openai-compatible:llama3.1:8b',
  'prompt:<one of the above>    tools described in the prompt instead of sent natively,',
  '                             e.g. prompt:openai-compatible:llama3',
];

function invalidSpec(spec: string, problem: string): Error {
  return new Error(`Invalid model spec "${spec}": ${problem}. Valid forms:\n  ${VALID_FORMS.join('\n  ')}`);
}

function isNativeProvider(name: string): name is NativeProvider {
  return (NATIVE_PROVIDERS as readonly string[]).includes(name);
}

/**
 * Parses a model spec. The provider is everything before the first colon and the model everything
 * after it, so model names with colons survive. `prompt:` wraps any native spec.
 *
 * @throws Error naming the spec and listing the valid forms, for a malformed spec or unknown provider.
 */
export function parseModelSpec(spec: string): ModelSpec {
  const trimmed = spec.trim();
  const colon = trimmed.indexOf(':');
  if (colon < 0) throw invalidSpec(spec, 'expected <provider>:<model>');
  const provider = trimmed.slice(0, colon);
  const model = trimmed.slice(colon + 1);
  if (provider === 'prompt') {
    if (model.startsWith('prompt:')) throw invalidSpec(spec, 'prompt mode cannot wrap prompt mode');
    const inner = parseNative(spec, model);
    return { provider: 'prompt', model: `${inner.provider}:${inner.model}`, inner };
  }
  return parseNative(spec, trimmed);
}

function parseNative(spec: string, text: string): NativeModelSpec {
  const colon = text.indexOf(':');
  if (colon < 0) throw invalidSpec(spec, 'expected <provider>:<model>');
  const provider = text.slice(0, colon);
  const model = text.slice(colon + 1).trim();
  if (!isNativeProvider(provider)) throw invalidSpec(spec, `unknown provider "${provider}"`);
  if (model === '') throw invalidSpec(spec, 'the model name is empty');
  return { provider, model };
}

/** The canonical text of a spec, as used in adapter ids: `openai:gpt-4o`, `prompt:openai-compatible:llama3`. */
export function formatModelSpec(spec: ModelSpec): string {
  return spec.provider === 'prompt' ? `prompt:${formatModelSpec(spec.inner)}` : `${spec.provider}:${spec.model}`;
}
