/**
 * Who takes part in an episode.
 *
 * - `system`: the harness itself (system prompt, setup messages). Never speaks during an episode.
 * - `user`: the person the agent serves, played by a simulator or a script.
 * - `agent`: the system under test.
 * - `executor`: validates and runs tool calls, and answers with their results or errors.
 */
export type Role = 'system' | 'user' | 'agent' | 'executor';

/** Every role, in a fixed order (useful for lanes in views and for validation). */
export const ROLES: readonly Role[] = ['system', 'user', 'agent', 'executor'];
