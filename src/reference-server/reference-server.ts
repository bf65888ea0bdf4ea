import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { DEFAULT_BENCHMARK, loadAllBenchmarks, loadBenchmark } from '../benchmarks/registry.js';
import {
  type AnyBenchmark,
  CONNECTION_CHECK_PROMPT,
  type ReferenceAnswer,
  type ReferencePlayer,
  type ReferenceRequest,
} from '../spec/index.js';
import { anthropicWire } from './anthropic-wire.js';
import { type FaultOptions, FaultPlan } from './fault-plan.js';
import { modelListing } from './model-list.js';
import { openAiWire } from './openai-wire.js';
import { oraclePlayer } from './oracle-player.js';
import { promptModeTurn, readPromptModeRequest } from './prompt-mode-request.js';
import { type ServerStats, StatsCounter } from './server-stats.js';
import { estimateTokens, type WireErrorKind, type WireFormat, WireRequestError } from './wire-conversation.js';

export interface ReferenceServerOptions {
  /** 0 (the default) picks a free port. */
  readonly port?: number;
  /** Default 127.0.0.1. */
  readonly host?: string;
  /**
   * The benchmarks to play (default: every registered one that has a reference model; only the default
   * benchmark, see `DEFAULT_BENCHMARK`, when `data` is given).
   */
  readonly benchmarks?: readonly string[];
  /** Case files and folders per benchmark id; a benchmark without an entry plays its built-in cases. */
  readonly sources?: Readonly<Record<string, readonly string[]>>;
  /**
   * Case files and folders of the one benchmark served: the one `benchmarks` names, or alone the default
   * benchmark (ToolSandbox, whose cases are scenarios).
   */
  readonly data?: readonly string[];
  /** The same as `data` (the sandbox calls its cases scenarios). */
  readonly scenarios?: readonly string[];
  readonly faults?: FaultOptions;
  /** Delay before every reply, in milliseconds (for throughput benchmarks). */
  readonly latencyMs?: number;
  /** Seeds the fault draws (unless `faults.seed` is set). */
  readonly seed?: string;
  /**
   * Index every case's tools before listening (about 5 ms a case) instead of on the first request
   * for each opening line, and load the cases of benchmarks that load them on first use; `problems`
   * then also lists cases whose tools cannot be built.
   */
  readonly warm?: boolean;
}

export interface ReferenceServer {
  /** e.g. `http://127.0.0.1:43117`; point an OpenAI client at `${url}/v1`, an Anthropic one at `${url}/v1`. */
  readonly url: string;
  readonly port: number;
  /** How many source items (scenarios, conversations, …) and cases are loaded, over all benchmarks. */
  readonly scenarioCount: number;
  readonly caseCount: number;
  /**
   * The benchmarks served, with their case counts; `loading` while a benchmark that loads its cases on
   * first use (T-Eval derives its items) has not finished (its count is then 0: await `ready()`).
   */
  readonly benchmarks: readonly { readonly id: string; readonly caseCount: number; readonly loading: boolean }[];
  /** Scenario files left out (and cases whose tools cannot be built), one line each, naming the file and field. */
  readonly problems: readonly string[];
  /**
   * Cases no model can play as the oracle does (a request of theirs is another case's, whose gold
   * differs), by benchmark id; each is named in `problems` too.
   */
  readonly indistinguishable: Readonly<Record<string, readonly string[]>>;
  /** Loads every benchmark's cases now (those that load on first use too); resolves when all counts are final. */
  ready(): Promise<void>;
  stats(): ServerStats;
  /** Zeroes the counters and restarts the fault sequence (as `POST /__reset` does). */
  reset(): void;
  close(): Promise<void>;
}

/** Where each wire format is served; each also without the `/v1` prefix. */
export const MODEL_ROUTES: Readonly<Record<string, WireFormat>> = {
  '/v1/chat/completions': openAiWire,
  '/chat/completions': openAiWire,
  '/v1/messages': anthropicWire,
  '/messages': anthropicWire,
};

const MAX_BODY_BYTES = 64 * 1024 * 1024;

/**
 * Starts the reference model server: a fake LLM, over real HTTP (node:http only), that plays every
 * served benchmark's gold solutions as the agent (and, where a benchmark has a simulated user, its
 * scripted replies as the user), in the OpenAI chat completions and Anthropic messages formats, to a
 * native tool-calling client or a prompt-mode one (`prompt:<model>`), optionally with seeded faults and
 * added latency. Use it to test adapters, retries and runners end to end without a provider: every case
 * must score what the benchmark's oracle scores.
 */
export async function startReferenceServer(options: ReferenceServerOptions = {}): Promise<ReferenceServer> {
  const latencyMs = options.latencyMs ?? 0;
  if (!(Number.isFinite(latencyMs) && latencyMs >= 0)) {
    throw new RangeError(`latencyMs must be a number of at least 0, got ${latencyMs}`);
  }
  const faults = new FaultPlan(options.faults, options.seed ?? 'toolgauge-reference');
  const players = await referencePlayers(options);
  const loading = new Set(players.filter(({ player }) => player.ready).map(({ benchmark }) => benchmark.id));
  const ready = async () => {
    await Promise.all(
      players.map(async ({ benchmark, player }) => {
        await player.ready?.();
        loading.delete(benchmark.id);
      }),
    );
  };
  if (options.warm) {
    for (const { player } of players) player.warm();
    await ready();
  }
  const counter = new StatsCounter();
  const closing = new AbortController();
  let replyCount = 0;

  const handle = async (request: IncomingMessage, response: ServerResponse): Promise<void> => {
    const path = new URL(request.url ?? '/', 'http://localhost').pathname.replace(/(.)\/+$/, '$1');
    if (path === '/__stats' && request.method === 'GET') return sendJson(response, 200, counter.snapshot());
    if (path === '/__reset' && request.method === 'POST') {
      counter.reset();
      faults.reset();
      return sendJson(response, 200, { reset: true });
    }
    counter.request(path);
    const listing = request.method === 'GET' ? modelListing(path, request) : undefined;
    if (listing) return sendJson(response, listing.status, listing.body);
    const format = MODEL_ROUTES[path];
    if (!format) {
      const routes = Object.keys(MODEL_ROUTES).join(', ');
      return sendJson(
        response,
        404,
        openAiWire.error('not-found', `no route ${path}; POST to one of ${routes}, or GET /v1/models`),
      );
    }
    if (request.method !== 'POST') {
      return sendJson(response, 405, format.error('invalid-request', `${path} takes POST, not ${request.method}`));
    }
    // Drawn on arrival, before any await, so the fault sequence follows the order requests arrive in.
    const fault = faults.next();
    const body = await readBody(request);
    if (latencyMs > 0) await sleep(latencyMs, undefined, { signal: closing.signal });
    const fail = (status: number, kind: WireErrorKind, message: string) =>
      sendJson(response, status, format.error(kind, message));
    switch (fault) {
      case 'drop':
        counter.fault('drop');
        request.socket.destroy();
        return;
      case '429':
        counter.fault('429');
        response.setHeader('retry-after', String(faults.retryAfterSeconds));
        response.setHeader('retry-after-ms', String(faults.retryAfterSeconds * 1000));
        return fail(429, 'rate-limit', 'Rate limit reached (injected by the toolgauge reference server).');
      case '500':
        counter.fault('500');
        return fail(500, 'server', 'The server had an error (injected by the toolgauge reference server).');
      case 'slow':
        counter.fault('slow');
        await sleep(faults.slowMs, undefined, { signal: closing.signal });
        break;
      case 'malformed':
      case undefined:
        break;
    }
    if (body === undefined) return fail(413, 'invalid-request', `the request body exceeds ${MAX_BODY_BYTES} bytes`);
    let json: unknown;
    try {
      json = JSON.parse(body);
    } catch (error) {
      return fail(400, 'invalid-request', `the request body is not JSON: ${(error as Error).message}`);
    }
    let wireRequest: ReturnType<WireFormat['parseRequest']>;
    try {
      wireRequest = format.parseRequest(json);
    } catch (error) {
      if (error instanceof WireRequestError) return fail(400, 'invalid-request', error.message);
      throw error;
    }
    if (isConnectionCheck(wireRequest)) {
      replyCount += 1;
      const reply = format.reply(
        { turn: { type: 'text', text: 'OK' }, malformed: false },
        {
          id: `ref${String(replyCount).padStart(6, '0')}`,
          model: wireRequest.model,
          inputTokens: estimateTokens(body),
          outputTokens: 1,
        },
      );
      return sendJson(response, 200, reply);
    }
    // A prompt-mode client describes its tools in the system prompt; every benchmark answers the native form.
    const promptMode = readPromptModeRequest(wireRequest);
    if (promptMode && 'reason' in promptMode) {
      counter.unmatchedRequest();
      return fail(400, 'invalid-request', `toolgauge reference server: ${promptMode.reason}`);
    }
    const answer = await answerFrom(players, promptMode?.native ?? wireRequest);
    if ('unmatched' in answer) {
      counter.unmatchedRequest();
      const mode = promptMode ? ' (a prompt-mode request, read back into native form)' : '';
      return fail(
        400,
        'invalid-request',
        `toolgauge reference server: unknown conversation${mode}: ${answer.unmatched}`,
      );
    }
    counter.role(answer.role);
    const turn = promptMode ? promptModeTurn(answer.turn, promptMode.callFormat) : answer.turn;
    const malformed = fault === 'malformed' && turn.type === 'tool-calls';
    if (malformed) counter.fault('malformed');
    replyCount += 1;
    const reply = format.reply(
      { turn, malformed },
      {
        id: `ref${String(replyCount).padStart(6, '0')}`,
        model: wireRequest.model,
        inputTokens: estimateTokens(body),
        outputTokens: estimateTokens(JSON.stringify(turn)),
      },
    );
    response.setHeader('x-toolgauge-reference', answer.role === 'agent' ? answer.caseId : `user:${answer.caseId}`);
    return sendJson(response, 200, reply);
  };

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      if (closing.signal.aborted || response.headersSent) {
        response.destroy();
        return;
      }
      const message = error instanceof Error ? error.message : String(error);
      sendJson(response, 500, openAiWire.error('server', `toolgauge reference server bug: ${message}`));
    });
  });
  const port = await listen(server, options.port ?? 0, options.host ?? '127.0.0.1');
  const host = options.host ?? '127.0.0.1';
  return {
    url: `http://${host.includes(':') ? `[${host}]` : host}:${port}`,
    port,
    get scenarioCount() {
      return players.reduce((total, { player }) => total + player.itemCount, 0);
    },
    get caseCount() {
      return players.reduce((total, { player }) => total + player.caseCount, 0);
    },
    get benchmarks() {
      return players.map(({ benchmark, player }) => ({
        id: benchmark.id,
        caseCount: player.caseCount,
        loading: loading.has(benchmark.id),
      }));
    },
    ready,
    get problems() {
      return players.flatMap(({ player }) => player.problems);
    },
    get indistinguishable() {
      return Object.fromEntries(
        players
          .filter(({ player }) => player.indistinguishable?.length)
          .map(({ benchmark, player }) => [benchmark.id, player.indistinguishable ?? []]),
      );
    },
    stats: () => counter.snapshot(),
    reset: () => {
      counter.reset();
      faults.reset();
    },
    close: async () => {
      closing.abort();
      await new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      });
    },
  };
}

/** Each served benchmark's reference model: its own `referencePlayer`, else the generic oracle player. */
async function referencePlayers(
  options: ReferenceServerOptions,
): Promise<{ readonly benchmark: AnyBenchmark; readonly player: ReferencePlayer }[]> {
  // Case files given alone are the default benchmark's (as before other benchmarks existed).
  const data = options.data ?? options.scenarios;
  const chosen = options.benchmarks
    ? await Promise.all(options.benchmarks.map(loadBenchmark))
    : data
      ? [await loadBenchmark(DEFAULT_BENCHMARK)]
      : await loadAllBenchmarks();
  if (data && chosen.length !== 1) {
    throw new Error(
      `case files (data) belong to one benchmark, yet ${chosen.length} are chosen (${chosen.map((benchmark) => benchmark.id).join(', ')}); name one, or give each its files in sources`,
    );
  }
  const players = [];
  for (const benchmark of chosen) {
    const sources = options.sources?.[benchmark.id] ?? data;
    const request = { ...(sources ? { sources } : {}), options: defaultOptions(benchmark) };
    const player = benchmark.referencePlayer
      ? await benchmark.referencePlayer(request)
      : await oraclePlayer(benchmark, request);
    if (player) players.push({ benchmark, player });
  }
  if (players.length === 0) throw new Error('none of the chosen benchmarks has a reference model');
  return players;
}

function defaultOptions(benchmark: AnyBenchmark): Record<string, string | boolean | readonly string[] | undefined> {
  return Object.fromEntries(benchmark.options.map((option) => [option.flag, option.default]));
}

/** The first benchmark that recognises the request answers it; otherwise why none did. */
async function answerFrom(
  players: readonly { readonly benchmark: AnyBenchmark; readonly player: ReferencePlayer }[],
  request: ReferenceRequest,
): Promise<ReferenceAnswer> {
  const reasons: string[] = [];
  for (const { benchmark, player } of players) {
    const answer = await player.answer(request);
    if (!('unmatched' in answer)) return answer;
    reasons.push(players.length > 1 ? `${benchmark.id}: ${answer.unmatched}` : answer.unmatched);
  }
  return { unmatched: reasons.join('; ') };
}

function listen(server: Server, port: number, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve((server.address() as AddressInfo).port);
    });
  });
}

/** The body as text, or undefined when it is too large (the rest is drained, not kept). */
async function readBody(request: IncomingMessage): Promise<string | undefined> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size <= MAX_BODY_BYTES) chunks.push(chunk as Buffer);
  }
  return size > MAX_BODY_BYTES ? undefined : Buffer.concat(chunks).toString('utf8');
}

function sendJson(response: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  response.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
  response.end(text);
}

/**
 * toolgauge's connection check (its preflight before a run: a lone user message without tools, with the
 * agreed text) is not a benchmark conversation: it is answered "OK".
 */
export function isConnectionCheck(request: ReferenceRequest): boolean {
  const [only] = request.messages;
  return (
    request.tools.length === 0 &&
    request.messages.length === 1 &&
    only?.role === 'user' &&
    only.text.trim() === CONNECTION_CHECK_PROMPT
  );
}
