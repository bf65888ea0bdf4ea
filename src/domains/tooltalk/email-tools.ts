/** Email: searching the logged-in user's inbox and sending email (sent mail is not stored). */
import { z } from 'zod';
import { checkFilters, searchItems } from './inbox-search.js';
import { TABLES } from './tooltalk-tables.js';
import {
  defineToolTalkTool,
  failWith,
  hasOwner,
  isEmailAddress,
  listColumn,
  loggedInAccount,
  nextToolId,
  usernameOf,
} from './tooltalk-tool.js';

const SUITE = 'Email';

export const searchInbox = defineToolTalkTool(SUITE, true, {
  name: 'SearchInbox',
  description:
    "Searches the logged-in user's inbox by keywords, sender and date range; returns the five newest matches.",
  parameters: z.object({
    query: z.string().optional().describe('Keywords to look for in the subject or body.'),
    match_type: z
      .enum(['any', 'all'])
      .optional()
      .describe('Whether any keyword or all of them must occur (default any).'),
    sender: z.string().optional().describe("The sender's email address."),
    start_date: z.string().optional().describe('Only emails from this time on, YYYY-MM-DD HH:MM:SS.'),
    end_date: z.string().optional().describe('Only emails up to this time, YYYY-MM-DD HH:MM:SS.'),
  }),
  returns: '{emails: [{email_id, date, sender, receivers, subject, body}]}',
  kind: 'read',
  run(args, context) {
    const { world } = context;
    const username = usernameOf(loggedInAccount(world));
    const rows = world.rows(TABLES.emails).filter((row) => row.owner === username);
    if (!hasOwner(world, 'Email', username) || rows.length === 0) return { emails: [] };
    checkFilters(args);
    const emails = searchItems(
      rows.map((row) => ({
        item: {
          email_id: row.email_id,
          date: row.date,
          sender: row.sender,
          receivers: listColumn(row.receivers),
          subject: row.subject,
          body: row.body,
        },
        date: String(row.date),
        sender: String(row.sender),
        texts: [String(row.body).toLowerCase(), String(row.subject).toLowerCase()],
      })),
      args,
      context,
    );
    return { emails };
  },
});

export const sendEmail = defineToolTalkTool(SUITE, true, {
  name: 'SendEmail',
  description: 'Sends an email from the logged-in user.',
  parameters: z.object({
    to: z.array(z.string()).describe('The addresses to send to.'),
    subject: z.string().describe('The subject line.'),
    body: z.string().describe('The text of the email.'),
  }),
  returns: '{email_id}',
  kind: 'action',
  run(args, { world }) {
    loggedInAccount(world);
    for (const address of args.to) {
      if (!isEmailAddress(address)) failWith('invalid-value', `${address} is not a valid email address.`);
    }
    return { email_id: nextToolId(world, 'SendEmail', 'email') };
  },
});

export const EMAIL_TOOLS = [sendEmail, searchInbox];
