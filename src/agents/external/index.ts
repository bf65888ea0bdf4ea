export * from './conversation-channel.js';
export * from './external-agent.js';
export * from './external-agent-spec.js';
export * from './mcp-tool-server.js';
export * from './model-proxy.js';
