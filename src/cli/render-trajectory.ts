import { renderOutcome } from '../engine/render-outcome.js';
import type { Message, Trajectory } from '../spec/index.js';
import { terminalSafe } from './terminal-safe.js';

/**
 * A trajectory as plain lines for a terminal: one line per message, then the end and diagnostics.
 * Everything a model or provider wrote is passed through {@link terminalSafe}.
 */
export function renderTrajectory(trajectory: Trajectory): string {
  const changed = new Set(trajectory.worldChanges.map((change) => change.messageIndex));
  const lines = trajectory.messages.map((message) => {
    const marker = changed.has(message.index) ? ' [world changed]' : '';
    return `${String(message.index).padStart(3)} ${message.sender} → ${message.recipient}: ${describe(message)}${marker}`;
  });
  const counts = Object.entries(trajectory.diagnostics.counts)
    .map(([pattern, count]) => `${pattern} ${count}`)
    .join(', ');
  lines.push('', `ended: ${describeTermination(trajectory)}`, `diagnostics: ${counts}`);
  return lines.map((line) => terminalSafe(line, { singleLine: true })).join('\n');
}

function describe(message: Message): string {
  switch (message.type) {
    case 'text':
      return JSON.stringify(message.text);
    case 'tool-call':
      return `${message.call.name}(${typeof message.call.arguments === 'string' ? message.call.arguments : JSON.stringify(message.call.arguments)})`;
    case 'tool-result':
      return `${message.toolName} → ${renderOutcome(message.outcome)}`;
  }
}

function describeTermination(trajectory: Trajectory): string {
  const termination = trajectory.termination;
  switch (termination.type) {
    case 'user-ended':
      return 'the user ended the conversation';
    case 'max-messages':
      return `message limit (${termination.limit}) reached`;
    case 'agent-failure':
      return `agent failure: ${termination.message}`;
    case 'infrastructure-failure':
      return `infrastructure failure: ${termination.message}`;
  }
}
