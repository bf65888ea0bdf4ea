/**
 * Why an episode ended. This is the second error channel: a tool error goes back to the model and the
 * episode goes on; a termination reason ends the episode and is recorded on its trajectory.
 */
export type TerminationReason =
  /** The user called `end_conversation`: the normal end. */
  | { readonly type: 'user-ended' }
  /** The episode reached its message limit (new messages, seeded ones excluded). */
  | { readonly type: 'max-messages'; readonly limit: number }
  /** The agent could not produce a turn (its code threw, or its model's reply was unusable). */
  | { readonly type: 'agent-failure'; readonly message: string }
  /** Something outside the agent failed: a provider outage, a user simulator error, a harness bug. */
  | { readonly type: 'infrastructure-failure'; readonly message: string; readonly role?: string };

export type TerminationType = TerminationReason['type'];
