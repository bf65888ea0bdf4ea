import { expect, it } from 'vitest';
import { demoDomain } from '../src/domains/demo/index.js';
import { runExampleEpisode, worldAtMessage } from '../src/index.js';
import { defineWorldSchema } from '../src/world/index.js';
import { PoliteNoticeAgent } from './my-agent.js';

it('the example agent recovers from the connection error and posts the notice', async () => {
  const trajectory = await runExampleEpisode({ agent: new PoliteNoticeAgent() });
  expect(trajectory.agent).toBe('polite-notice-agent@1');
  expect(trajectory.termination).toEqual({ type: 'user-ended' });
  const world = worldAtMessage(defineWorldSchema(demoDomain.tables), trajectory, trajectory.messages.length - 1);
  expect(world.rows('notices').map((row) => row.text)).toEqual(['Team lunch moved to 1 pm.']);
});
