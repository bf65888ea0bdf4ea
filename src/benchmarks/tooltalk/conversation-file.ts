/**
 * ToolTalk's conversation file, as the reference writes it (`data/easy/*.json`, `data/tooltalk/*.json`):
 * the user's account, the conversation's metadata (location, "now", the starting login) and the turns,
 * assistant turns carrying the ground-truth calls with their recorded results. Validated with zod at the
 * boundary; unknown fields are kept (the reference ignores them too).
 */
import { z } from 'zod';

export const recordedCallSchema = z.object({
  request: z.object({
    api_name: z.string().min(1),
    parameters: z.record(z.string(), z.unknown()),
  }),
  response: z.unknown().nullable(),
  exception: z.string().nullable(),
});

export const turnSchema = z.object({
  index: z.number().int().optional(),
  role: z.enum(['user', 'assistant']),
  text: z.string(),
  apis: z.array(recordedCallSchema).optional(),
});

export const conversationFileSchema = z.object({
  name: z.string().min(1),
  conversation_id: z.string(),
  suites_used: z.array(z.string()),
  apis_used: z.array(z.string()),
  scenario: z.string().optional(),
  user: z.object({
    username: z.string(),
    email: z.string().optional(),
    phone: z.string().optional(),
    name: z.string().optional(),
    password: z.string().optional(),
    session_token: z.string().optional(),
    verification_code: z.string().optional(),
  }),
  metadata: z.object({
    location: z.string(),
    timestamp: z.string().regex(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/, 'must be "YYYY-MM-DD HH:MM:SS"'),
    session_token: z.string().optional(),
    username: z.string().optional(),
  }),
  conversation: z.array(turnSchema).min(1),
});

export type RecordedCall = z.output<typeof recordedCallSchema>;
export type ConversationTurn = z.output<typeof turnSchema>;
export type ConversationFile = z.output<typeof conversationFileSchema>;

/** A zod issue path as `conversation[3].apis[0].request`. */
export function fieldPath(path: readonly PropertyKey[]): string {
  return path
    .map((part, position) => (typeof part === 'number' ? `[${part}]` : `${position === 0 ? '' : '.'}${String(part)}`))
    .join('');
}
