import { CONNECTION_CHECK_PROMPT, type ModelAdapter } from '../../spec/index.js';

/**
 * A check of the configuration before the first episode: every model's key is there, its URL parses,
 * and one tiny request gets an answer. A run whose key is missing or refused, or whose server is down,
 * stops here with one clear message (exit code 2) instead of failing every episode. Skippable with
 * `--no-preflight` (e.g. when the provider bills per request and the configuration is known good).
 */

/** One model the run will use. */
export interface PreflightTarget {
  /** `agent` or `user`, for the message. */
  readonly role: string;
  /** The model spec as the user wrote it (`openai:gpt-4o`). */
  readonly spec: string;
  /**
   * Makes the adapter the run will use. Throwing here is a configuration problem (a missing key, a
   * base URL that does not parse), reported as is.
   */
  readonly adapter: () => ModelAdapter;
}

export interface PreflightProblem {
  readonly role: string;
  readonly spec: string;
  readonly message: string;
  /** `configuration`: the adapter could not be made (no request was sent); `request`: the test request failed. */
  readonly kind: 'configuration' | 'request';
}

export interface PreflightOptions {
  /** Time limit of the test request (default 30 s). */
  readonly timeoutMs?: number;
  readonly signal?: AbortSignal;
}

/** Checks each distinct target once; the problems found, in order (empty when all is well). */
export async function preflight(
  targets: readonly PreflightTarget[],
  options: PreflightOptions = {},
): Promise<PreflightProblem[]> {
  const problems: PreflightProblem[] = [];
  const seen = new Set<string>();
  for (const target of targets) {
    let adapter: ModelAdapter;
    try {
      adapter = target.adapter();
    } catch (error) {
      problems.push({ role: target.role, spec: target.spec, message: messageOf(error), kind: 'configuration' });
      continue;
    }
    const key = `${adapter.id}@${adapter.endpoint ?? ''}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const timeout = AbortSignal.timeout(options.timeoutMs ?? 30_000);
    const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
    try {
      await adapter.generate({
        messages: [{ role: 'user', text: CONNECTION_CHECK_PROMPT }],
        tools: [],
        settings: { temperature: 0, maxOutputTokens: 16 },
        signal,
      });
    } catch (error) {
      problems.push({ role: target.role, spec: target.spec, message: explain(error), kind: 'request' });
    }
  }
  return problems;
}

/**
 * The problems as one message, with what to do next. Skipping the check is offered only when a test
 * request failed: a missing key or base URL stops the run itself just the same.
 */
export function formatPreflightProblems(problems: readonly PreflightProblem[]): string {
  const requestFailed = problems.some((problem) => problem.kind === 'request');
  return [
    'preflight failed; nothing was played:',
    ...problems.map((problem) => `  ${problem.role} ${problem.spec}: ${problem.message}`),
    requestFailed ? 'Fix the configuration, or skip this check with --no-preflight.' : 'Fix the configuration.',
  ].join('\n');
}

/** Adds what a status usually means to the provider's message. */
function explain(error: unknown): string {
  const message = messageOf(error);
  const status = (error as { status?: unknown }).status;
  if (status === 401 || status === 403) return `${message} — the key was refused (check the key variable)`;
  if (status === 404) return `${message} — no such model or path (check the model name and the base URL, e.g. …/v1)`;
  return message;
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
