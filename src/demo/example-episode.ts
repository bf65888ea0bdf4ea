import { ReplayAgent } from '../agents/index.js';
import type { Agent, Trajectory, TrajectoryEvent, User } from '../spec/index.js';
import { EpisodeClock } from '../world/index.js';
import { playInDemoDomain } from './demo-episode.js';

/**
 * The built-in example episode: the user asks for a notice to be posted while wifi is off. The replayed
 * agent first tries to post (and gets a connection error telling it why), turns wifi on, posts, and
 * reports back; the scripted user then ends the conversation. It runs offline in milliseconds and shows
 * every part of an episode: a hidden state dependency, a tool error fed back, world changes, diagnostics.
 */
export async function runExampleEpisode(
  options: { agent?: Agent; user?: User; onEvent?: (event: TrajectoryEvent) => void } = {},
): Promise<Trajectory> {
  const agent =
    options.agent ??
    new ReplayAgent([
      {
        type: 'tool-calls',
        calls: [{ id: 'c1', name: 'post_notice', arguments: { text: 'Team lunch moved to 1 pm.' } }],
      },
      { type: 'tool-calls', calls: [{ id: 'c2', name: 'set_wifi', arguments: { on: true } }] },
      {
        type: 'tool-calls',
        calls: [{ id: 'c3', name: 'post_notice', arguments: { text: 'Team lunch moved to 1 pm.' } }],
      },
      { type: 'text', text: 'Wifi was off, so I turned it on and posted the notice "Team lunch moved to 1 pm."' },
    ]);
  return playInDemoDomain({
    episodeId: 'example-1',
    caseId: 'example/post-notice',
    agent,
    ...(options.user ? { user: options.user } : {}),
    clock: EpisodeClock.fromIso('2026-03-02T09:00:00-08:00', 'America/Los_Angeles'),
    seed: 'example',
    seededMessages: [
      {
        type: 'text',
        sender: 'system',
        recipient: 'agent',
        text: 'You are a helpful assistant with tools. Ask when a request is unclear; do not guess values.',
      },
      {
        type: 'text',
        sender: 'user',
        recipient: 'agent',
        text: 'Please post a notice on the board saying the team lunch moved to 1 pm.',
      },
    ],
    ...(options.onEvent ? { onEvent: options.onEvent } : {}),
  });
}
