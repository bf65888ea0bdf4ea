/** Messages: searching the logged-in user's text messages and sending one (sent messages are not stored). */
import { z } from 'zod';
import { checkFilters, searchItems } from './inbox-search.js';
import { TABLES } from './tooltalk-tables.js';
import { defineToolTalkTool, failWith, hasOwner, loggedInAccount, nextToolId, usernameOf } from './tooltalk-tool.js';

const SUITE = 'Messages';

export const searchMessages = defineToolTalkTool(SUITE, true, {
  name: 'SearchMessages',
  description:
    "Searches the logged-in user's messages by keywords, sender and date range; returns the five newest matches.",
  parameters: z.object({
    query: z.string().optional().describe('Keywords to look for in the message text.'),
    match_type: z
      .enum(['any', 'all'])
      .optional()
      .describe('Whether any keyword or all of them must occur (default any).'),
    sender: z.string().optional().describe("The sender's username."),
    start_date: z.string().optional().describe('Only messages from this time on, YYYY-MM-DD HH:MM:SS.'),
    end_date: z.string().optional().describe('Only messages up to this time, YYYY-MM-DD HH:MM:SS.'),
  }),
  returns: '{messages: [{message_id, timestamp, sender, message}]}',
  kind: 'read',
  run(args, context) {
    const { world } = context;
    const username = usernameOf(loggedInAccount(world));
    if (!hasOwner(world, 'Message', username)) return { messages: [] };
    checkFilters(args);
    const messages = searchItems(
      world
        .rows(TABLES.messages)
        .filter((row) => row.owner === username)
        .map((row) => ({
          item: { message_id: row.message_id, timestamp: row.timestamp, sender: row.sender, message: row.message },
          date: String(row.timestamp),
          sender: String(row.sender),
          texts: [String(row.message).toLowerCase()],
        })),
      args,
      context,
    );
    return { messages };
  },
});

export const sendMessage = defineToolTalkTool(SUITE, true, {
  name: 'SendMessage',
  description: 'Sends a text message from the logged-in user to another user.',
  parameters: z.object({
    receiver: z.string().describe("The recipient's username."),
    message: z.string().describe('The text to send.'),
  }),
  returns: '{message_id}',
  kind: 'action',
  run(args, { world }) {
    loggedInAccount(world);
    if (args.message === '') failWith('invalid-value', 'Message cannot be empty.');
    return { message_id: nextToolId(world, 'SendMessage', 'message') };
  },
});

export const MESSAGE_TOOLS = [sendMessage, searchMessages];
