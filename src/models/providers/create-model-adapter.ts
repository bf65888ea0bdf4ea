import { createAnthropic } from '@ai-sdk/anthropic';
import { createGoogle } from '@ai-sdk/google';
import { createOpenAI } from '@ai-sdk/openai';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import type { LanguageModel } from 'ai';
import type { ModelAdapter } from '../../spec/index.js';
import { AiSdkAdapter, OPENAI_COMPATIBLE_PROVIDER_NAME } from './ai-sdk-adapter.js';
import { boundedFetch, DEFAULT_REPLY_LIMITS, type ReplyLimits } from './bounded-fetch.js';
import {
  describeEndpoint,
  INVALID_URL,
  redactUrls,
  splitQuery,
  urlCredentials,
  withoutCredentials,
  withQuery,
} from './endpoint.js';
import { type NativeModelSpec, type NativeProvider, parseModelSpec } from './model-spec.js';
import { OpenAICompatibleHttpAdapter } from './openai-compatible-http-adapter.js';
import { PromptModeAdapter } from './prompt-mode-adapter.js';

/** How to reach the provider; everything is optional and falls back to environment variables. */
export interface CreateModelAdapterOptions {
  /** The API base URL (e.g. `http://localhost:11434/v1`); overrides the `*_BASE_URL` variables. */
  readonly baseUrl?: string;
  /** Where keys and base URLs are read from (default `process.env`). */
  readonly env?: Readonly<Record<string, string | undefined>>;
  /** A fetch implementation (default the global `fetch`). */
  readonly fetch?: typeof fetch;
  /** Extra HTTP headers sent with every request (e.g. a gateway's routing header). */
  readonly headers?: Readonly<Record<string, string>>;
  /**
   * The HTTP client for `openai-compatible:` models: `lean` (default; a keep-alive `node:http` client
   * that sends the same bytes and reads replies the same way, at a fraction of the CPU per request) or
   * `ai-sdk`. A custom `fetch` implies `ai-sdk`. Hosted providers always use the AI SDK.
   */
  readonly client?: ModelClient;
  /** Largest reply body and tool-call arguments accepted (default 8 MiB and 64 KiB). */
  readonly limits?: Partial<ReplyLimits>;
}

/** Which HTTP client serves `openai-compatible:` models. */
export type ModelClient = 'lean' | 'ai-sdk';

/** Where each provider takes its key and base URL from, and its default base URL. */
interface ProviderConnection {
  /** The variable holding the API key. */
  readonly keyVariable: string;
  /** Whether requests without a key are allowed (local servers usually need none). */
  readonly keyOptional: boolean;
  readonly baseUrlVariable: string;
  /** Undefined when there is no default and a base URL must be given. */
  readonly defaultBaseUrl?: string;
}

/** Keys, base URLs and their defaults, per provider. */
export const PROVIDER_CONNECTIONS: Readonly<Record<NativeProvider, ProviderConnection>> = {
  openai: {
    keyVariable: 'OPENAI_API_KEY',
    keyOptional: false,
    baseUrlVariable: 'OPENAI_BASE_URL',
    defaultBaseUrl: 'https://api.openai.com/v1',
  },
  anthropic: {
    keyVariable: 'ANTHROPIC_API_KEY',
    keyOptional: false,
    baseUrlVariable: 'ANTHROPIC_BASE_URL',
    defaultBaseUrl: 'https://api.anthropic.com/v1',
  },
  google: {
    keyVariable: 'GOOGLE_GENERATIVE_AI_API_KEY',
    keyOptional: false,
    baseUrlVariable: 'GOOGLE_GENERATIVE_AI_BASE_URL',
    defaultBaseUrl: 'https://generativelanguage.googleapis.com/v1beta',
  },
  'openai-compatible': {
    keyVariable: 'OPENAI_COMPATIBLE_API_KEY',
    keyOptional: true,
    baseUrlVariable: 'OPENAI_COMPATIBLE_BASE_URL',
  },
};

/** Header names whose values are credentials, and so are kept out of error messages too. */
const CREDENTIAL_HEADER = /auth|key|token|secret|cookie/i;

/**
 * Creates the model adapter a spec names: `openai:gpt-4o`, `anthropic:…`, `google:…`,
 * `openai-compatible:…` (with a base URL), or `prompt:<any of those>` for prompt mode.
 *
 * Keys come from `OPENAI_API_KEY`, `ANTHROPIC_API_KEY`, `GOOGLE_GENERATIVE_AI_API_KEY` and, optionally,
 * `OPENAI_COMPATIBLE_API_KEY`; base URLs from the `baseUrl` option or `OPENAI_BASE_URL`,
 * `ANTHROPIC_BASE_URL`, `GOOGLE_GENERATIVE_AI_BASE_URL`, `OPENAI_COMPATIBLE_BASE_URL`. The key is held
 * only inside the provider client: it is never part of the adapter id, a returned value or an error.
 * A base URL's own credentials (`http://user:password@host/v1`) are sent as HTTP Basic authentication
 * and are likewise never shown: the adapter's `endpoint` is the URL without them. Replies are read up to
 * a size limit and redirects are not followed (see `boundedFetch`).
 * OpenAI models are reached through the Chat Completions API.
 *
 * @throws Error for a malformed spec, a missing key (naming the variable) or a missing base URL.
 */
export function createModelAdapter(spec: string, options: CreateModelAdapterOptions = {}): ModelAdapter {
  const parsed = parseModelSpec(spec);
  if (parsed.provider === 'prompt') return new PromptModeAdapter(createNativeAdapter(parsed.inner, options));
  return createNativeAdapter(parsed, options);
}

function createNativeAdapter(spec: NativeModelSpec, options: CreateModelAdapterOptions): ModelAdapter {
  const env = options.env ?? process.env;
  const connection = PROVIDER_CONNECTIONS[spec.provider];
  const label = `${spec.provider}:${spec.model}`;
  const apiKey = nonEmpty(env[connection.keyVariable]);
  if (apiKey === undefined && !connection.keyOptional) {
    throw new Error(`No API key for ${label}: set the ${connection.keyVariable} environment variable.`);
  }
  const baseURL = nonEmpty(options.baseUrl) ?? nonEmpty(env[connection.baseUrlVariable]) ?? connection.defaultBaseUrl;
  if (baseURL === undefined) {
    throw new Error(
      `No base URL for ${label}: pass a base URL (e.g. http://localhost:8000/v1) or set ${connection.baseUrlVariable}.`,
    );
  }
  const endpoint = describeEndpoint(baseURL);
  if (endpoint === INVALID_URL || !/^https?:/.test(endpoint)) {
    throw new Error(
      `The base URL for ${label} is not an http(s) URL: "${endpoint === INVALID_URL ? redactUrls(baseURL) : endpoint}" (e.g. http://localhost:8000/v1).`,
    );
  }
  const credentials = urlCredentials(baseURL);
  const basic = credentials
    ? Buffer.from(`${credentials.username}:${credentials.password}`).toString('base64')
    : undefined;
  if (
    basic !== undefined &&
    apiKey !== undefined &&
    (spec.provider === 'openai' || spec.provider === 'openai-compatible')
  ) {
    throw new Error(
      `The base URL for ${label} carries a user and password, and ${connection.keyVariable} is set too: both would be sent as the Authorization header. Use one of them.`,
    );
  }
  const headers =
    options.headers || basic
      ? { ...options.headers, ...(basic ? { Authorization: `Basic ${basic}` } : {}) }
      : undefined;
  const limits = { ...DEFAULT_REPLY_LIMITS, ...options.limits };
  // The AI SDK pastes paths onto the base URL, so its query (`?api-version=…`) is added to each request.
  const { base, query } = splitQuery(withoutCredentials(baseURL));
  const client = {
    baseURL: base,
    ...(headers ? { headers } : {}),
    fetch: withQuery(boundedFetch(options.fetch, limits.maxReplyBytes), query),
  };
  const secrets = [
    ...(apiKey !== undefined ? [apiKey] : []),
    ...Object.entries(headers ?? {})
      .filter(([name]) => CREDENTIAL_HEADER.test(name))
      .map(([, value]) => value.replace(/^(Bearer|Basic)\s+/i, '')),
    ...(credentials ? [credentials.password, `${credentials.username}:${credentials.password}`] : []),
    ...(credentials && credentials.password === '' ? [credentials.username] : []),
  ];
  if (spec.provider === 'openai-compatible' && (options.client ?? 'lean') === 'lean' && !options.fetch) {
    return new OpenAICompatibleHttpAdapter({
      model: spec.model,
      baseUrl: withoutCredentials(baseURL),
      ...(apiKey !== undefined ? { apiKey } : {}),
      ...(headers ? { headers } : {}),
      secrets,
      endpoint,
      limits,
    });
  }
  return new AiSdkAdapter({
    spec,
    model: languageModel(spec, client, apiKey),
    secrets,
    endpoint,
    maxToolArgumentBytes: limits.maxToolArgumentBytes,
  });
}

interface ClientSettings {
  readonly baseURL: string;
  readonly headers?: Record<string, string>;
  readonly fetch: typeof fetch;
}

function languageModel(spec: NativeModelSpec, client: ClientSettings, apiKey: string | undefined): LanguageModel {
  switch (spec.provider) {
    case 'openai':
      return createOpenAI({ ...client, apiKey: apiKey ?? '' }).chat(spec.model);
    case 'anthropic':
      return createAnthropic({ ...client, apiKey: apiKey ?? '' }).languageModel(spec.model);
    case 'google':
      return createGoogle({ ...client, apiKey: apiKey ?? '' }).languageModel(spec.model);
    case 'openai-compatible':
      return createOpenAICompatible({
        ...client,
        name: OPENAI_COMPATIBLE_PROVIDER_NAME,
        ...(apiKey !== undefined ? { apiKey } : {}),
      }).chatModel(spec.model);
  }
}

function nonEmpty(value: string | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
}
