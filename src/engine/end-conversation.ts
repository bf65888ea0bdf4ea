import { z } from 'zod';
import { defineTool } from '../tools/define-tool.js';

/** The user's only tool: ends the conversation. Agents never see it. */
export const endConversationTool = defineTool({
  name: 'end_conversation',
  description:
    'End the conversation with the assistant. Call this once your request has been handled, or when it is clear it will not be.',
  parameters: z.object({}),
  returns: 'Nothing; the conversation is over.',
  kind: 'action',
  domain: 'user',
  roles: ['user'],
  run: (_args, context) => {
    context.endConversation();
    return null;
  },
});
