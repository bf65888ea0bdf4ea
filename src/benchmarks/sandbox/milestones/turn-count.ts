import type { Trajectory } from '../../../spec/index.js';

/**
 * ToolSandbox's turn count (paper appendix B.1, D.3): every message between the user, the agent and the
 * tools from the opening user message on. System messages, demonstrations and the user's own tool
 * traffic (`end_conversation`) do not count. The opening message counts; the reference implementation
 * drops it through a null-handling quirk, so its counts are one lower.
 */
export function turnCount(trajectory: Trajectory): number {
  const start = Math.max(0, trajectory.firstEpisodeMessage - 1);
  return trajectory.messages.filter(
    (message) =>
      message.index >= start &&
      message.sender !== 'system' &&
      !(message.sender === 'user' && message.recipient === 'executor') &&
      !(message.sender === 'executor' && message.recipient === 'user'),
  ).length;
}
