import { describe, expect, it } from 'vitest';
import { ReplayAgent } from '../agents/index.js';
import { runExampleEpisode } from '../demo/example-episode.js';
import { ScriptedModel } from '../testing/scripted-model.js';
import { LlmUser, USER_SIMULATOR_INSTRUCTIONS } from './llm-user.js';

describe('LLM user simulator', () => {
  it('talks to the agent as another person, sees no tool traffic, and ends with end_conversation', async () => {
    const model = new ScriptedModel([
      'Thanks! Also make sure it says 1 pm.',
      { toolCalls: [{ name: 'end_conversation', arguments: {} }] },
    ]);
    const agent = new ReplayAgent([
      { type: 'tool-calls', calls: [{ id: 'w', name: 'set_wifi', arguments: { on: true } }] },
      { type: 'text', text: 'Wifi is on.' },
      { type: 'text', text: 'It says 1 pm.' },
    ]);
    const trajectory = await runExampleEpisode({ agent, user: new LlmUser(model) });
    expect(trajectory.termination).toEqual({ type: 'user-ended' });
    expect(trajectory.user).toBe('llm-user:scripted:model');
    const first = model.requests[0];
    expect(first?.messages[0]).toEqual({ role: 'system', text: USER_SIMULATOR_INSTRUCTIONS });
    // Roles are reversed: the user's own opening line is its "assistant" turn, the agent is its "user".
    expect(first?.messages.slice(1)).toEqual([
      {
        role: 'assistant',
        text: 'Please post a notice on the board saying the team lunch moved to 1 pm.',
        toolCalls: [],
      },
      { role: 'user', text: 'Wifi is on.' },
    ]);
    expect(first?.tools.map((tool) => tool.name)).toEqual(['end_conversation']);
    expect(model.requests).toHaveLength(2);
  });
});
