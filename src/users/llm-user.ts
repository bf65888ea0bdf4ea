import { conversationFor } from '../models/conversation-to-model.js';
import type { ModelAdapter, ModelMessage, ModelSettings, Turn, TurnRequest, User } from '../spec/index.js';

/**
 * How a simulated user is told to behave when its benchmark says nothing more specific (a benchmark's
 * `userInstructions` replace these; ToolSandbox's add the phone). Following the ToolSandbox paper, the
 * assistant is presented as another person ("your contact"), which keeps the simulator from sliding into
 * the assistant role; the case's goal and knowledge boundary follow as a separate system message.
 */
export const USER_SIMULATOR_INSTRUCTIONS = [
  'You are role-playing a person who is messaging a contact to get something done.',
  'Your contact has tools you do not have. Stay in your role: you are the one asking, never the one helping.',
  'Rules:',
  '- Only state facts that your task and your knowledge below give you. If you are asked for something you do not know, say you do not know; never make it up.',
  '- Keep each message short and casual. Give one piece of information at a time, when asked.',
  '- If your contact says something went wrong, you may repeat what you want, add a detail you know, or ask them to use their tools to sort it out.',
  '- When your task is done, or after five failed attempts, call the end_conversation tool. Do not say goodbye in text as well.',
].join('\n');

/**
 * A user simulated by a model: it sees what the user role sees (its briefing, demonstrations, and the
 * conversation with the agent, where the agent appears as the other party) and answers in text or by
 * calling `end_conversation`, its only tool.
 */
export class LlmUser implements User {
  readonly name: string;

  constructor(
    private readonly model: ModelAdapter,
    private readonly settings: ModelSettings = { temperature: 0 },
    /** What the simulator is told first; the benchmark's own instructions when it has them. */
    private readonly instructions: string = USER_SIMULATOR_INSTRUCTIONS,
  ) {
    this.name = `llm-user:${model.id}`;
  }

  async respond(request: TurnRequest): Promise<Turn> {
    const messages: ModelMessage[] = [
      { role: 'system', text: this.instructions },
      ...conversationFor('user', request.messages),
    ];
    const response = await this.model.generate({
      messages,
      tools: request.tools,
      settings: this.settings,
      ...(request.signal ? { signal: request.signal } : {}),
    });
    if (response.toolCalls.length > 0) return { type: 'tool-calls', calls: response.toolCalls };
    return { type: 'text', text: response.text };
  }
}
