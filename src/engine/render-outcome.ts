import type { ToolError, ToolOutcome } from '../spec/index.js';

/** How a tool outcome reads to a model: JSON for a result, a labelled sentence for an error. */
export function renderOutcome(outcome: ToolOutcome): string {
  return outcome.type === 'result' ? JSON.stringify(outcome.value) : renderToolError(outcome.error);
}

export function renderToolError(error: ToolError): string {
  return `Error (${error.kind}): ${error.message}${error.hint ? ` ${error.hint}` : ''}`;
}
