import type { Agent, ModelAdapter, ModelSettings, Turn, TurnRequest } from '../spec/index.js';
import { conversationFor } from './conversation-to-model.js';

/**
 * An agent played by a model: each turn sends the agent's view of the conversation and its tools to
 * the model adapter and turns the reply into text for the user or tool calls for the executor.
 */
export class ModelAgent implements Agent {
  readonly name: string;

  constructor(
    private readonly model: ModelAdapter,
    private readonly settings: ModelSettings = { temperature: 0 },
  ) {
    this.name = model.id;
  }

  async respond(request: TurnRequest): Promise<Turn> {
    const response = await this.model.generate({
      messages: conversationFor('agent', request.messages),
      tools: request.tools,
      settings: this.settings,
      ...(request.signal ? { signal: request.signal } : {}),
    });
    if (response.toolCalls.length > 0) return { type: 'tool-calls', calls: response.toolCalls };
    return { type: 'text', text: response.text };
  }
}
