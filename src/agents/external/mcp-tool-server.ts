import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { CallToolRequestSchema, type CallToolResult, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import type { ToolSchema } from '../../spec/index.js';
import { listenOnLoopback } from './loopback-server.js';

/** A `tools/call` as the external agent sent it. */
export interface McpToolCallRequest {
  readonly name: string;
  /** The call's arguments (the SDK has checked they are an object, or absent: `{}`). */
  readonly arguments: Readonly<Record<string, unknown>>;
  /** The agent's own id for the call (`_meta["toolgauge/call-id"]`), so its trajectory keeps its ids. */
  readonly callId?: string;
  /**
   * The model's arguments as it wrote them, when they are not a JSON object
   * (`_meta["toolgauge/raw-arguments"]`): the executor then reports them as a native agent's.
   */
  readonly rawArguments?: string;
}

export interface EpisodeToolServer {
  /** The Streamable HTTP endpoint, `http://127.0.0.1:<port>/mcp`. */
  readonly url: string;
  close(): Promise<void>;
}

/** The largest JSON-RPC body the server reads (an agent cannot make toolgauge hold more). */
const MAX_BODY_BYTES = 1024 * 1024;

/**
 * One episode's MCP server (the official SDK's low-level `Server` over Streamable HTTP, on the loopback
 * interface, a random port): `tools/list` lists exactly `tools()` (the tools the benchmark offers the agent
 * at that point, as the agent sees them: names, descriptions and JSON schemas after any augmentation), and
 * `tools/call` hands every call to `call`, whose answer (the executor's outcome, rendered) is the result.
 * It holds one session: a second `initialize` is refused, so nothing is shared between episodes.
 * Replies are plain JSON (no SSE stream), which a client of a few lines can read.
 */
export async function startEpisodeToolServer(options: {
  readonly name: string;
  readonly tools: () => readonly ToolSchema[];
  readonly call: (request: McpToolCallRequest) => Promise<CallToolResult>;
}): Promise<EpisodeToolServer> {
  const mcp = new Server(
    { name: 'toolgauge', version: '1' },
    {
      capabilities: { tools: { listChanged: false } },
      instructions: `The tools of toolgauge episode ${options.name}.`,
    },
  );
  mcp.setRequestHandler(ListToolsRequestSchema, async () => ({
    tools: options.tools().map((tool) => ({
      name: tool.name,
      description: tool.description,
      // MCP wants an object schema; one that says so already is passed as is (key order and all).
      inputSchema: (tool.parameters.type === 'object' ? tool.parameters : { type: 'object', ...tool.parameters }) as {
        type: 'object';
        [key: string]: unknown;
      },
    })),
  }));
  mcp.setRequestHandler(CallToolRequestSchema, async (request) => {
    const meta = request.params._meta as Record<string, unknown> | undefined;
    const callId = meta?.['toolgauge/call-id'];
    const rawArguments = meta?.['toolgauge/raw-arguments'];
    return options.call({
      name: request.params.name,
      arguments: request.params.arguments ?? {},
      ...(typeof callId === 'string' && callId.length > 0 && callId.length <= 200 ? { callId } : {}),
      ...(typeof rawArguments === 'string' ? { rawArguments } : {}),
    });
  });
  const transport = new StreamableHTTPServerTransport({
    sessionIdGenerator: () => randomUUID(),
    enableJsonResponse: true,
    maxRequestBodySize: MAX_BODY_BYTES,
  });
  await mcp.connect(transport);

  const http = createServer((request, response) => {
    const path = (request.url ?? '').split('?')[0];
    if (path !== '/mcp') {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('toolgauge serves MCP at /mcp\n');
      return;
    }
    transport.handleRequest(request, response).catch((error: unknown) => {
      if (!response.headersSent) response.writeHead(500, { 'content-type': 'text/plain' });
      response.end(`toolgauge MCP server: ${error instanceof Error ? error.message : String(error)}\n`);
    });
  });
  const listening = await listenOnLoopback(http, () => mcp.close().catch(() => {}));
  return { url: `http://127.0.0.1:${listening.port}/mcp`, close: listening.close };
}
