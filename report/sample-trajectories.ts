/**
 * Hand-written trajectories for the sample report (development and browser checks only; never bundled
 * into the built page). They follow the ToolSandbox paper's figures: Figure 1 (a state dependency that
 * the agent resolves after a connection error), Figure 3 (an insufficient-information case where a
 * minefield fires) and parallel calls in one batch.
 */
import type { Row, TableDiff } from '../src/report/report-data';
import {
  BASE,
  bus,
  call,
  type Detail,
  ending,
  failure,
  m,
  opening,
  PHONE_WORLD,
  PHONE_WORLD_KEY,
  result,
} from './sample-messages.ts';

export { type Detail, PHONE_WORLD, PHONE_WORLD_KEY, PHONE_WORLD_PRIMARY_KEYS } from './sample-messages.ts';

const cellularOn: TableDiff = {
  added: [],
  removed: [],
  changed: [
    {
      key: 'phone',
      before: { device_id: 'phone', cellular: false, wifi: true, location_service: true, low_battery_mode: false },
      after: { device_id: 'phone', cellular: true, wifi: true, location_service: true, low_battery_mode: false },
      columns: ['cellular'],
    },
  ],
};

const albumMessage: Row = {
  message_id: 'msg-0002',
  recipient: '+12453344098',
  content: "How's the new album coming along?",
  sent_at: 1754300000,
};

const FIGURE_1_GRAPH: Detail['milestoneGraph'] = {
  nodes: [
    { id: 'cellular_on', description: 'settings.cellular becomes true', scored: true },
    { id: 'search_contacts', description: 'search_contacts(name="Fredrik Thordendal")', scored: true },
    { id: 'send_message', description: 'send_message_with_phone_number to +12453344098', scored: true },
    { id: 'message_stored', description: 'messaging holds the message, content ≈ the request', scored: true },
    { id: 'confirm_to_user', description: 'the agent tells the user it is done', scored: false },
  ],
  edges: [
    ['cellular_on', 'send_message'],
    ['search_contacts', 'send_message'],
    ['send_message', 'message_stored'],
    ['message_stored', 'confirm_to_user'],
  ],
};

/** Figure 1: send a message while cellular service is off; `solved` decides whether the agent recovers. */
export function figureOne(
  agent: string,
  solved: boolean,
): Omit<Detail, 'diagnostics' | 'diagnosticFindings'> & { score: number } {
  const search = [
    call(1, 'call-1', 'search_contacts', { name: 'Fredrik Thordendal' }),
    result(1, 'call-1', 'search_contacts', [PHONE_WORLD.contacts?.[1]]),
    call(2, 'call-2', 'send_message_with_phone_number', {
      phone_number: '+12453344098',
      content: "How's the new album coming along?",
    }),
    failure(
      2,
      'call-2',
      'send_message_with_phone_number',
      'connection',
      'Cellular service is off, so the message cannot be sent.',
      'Turn cellular service on with set_cellular_service_status(on=true), then retry.',
    ),
  ];
  const drafts = [
    ...opening(
      'Send a message to Fredrik Thordendal saying: How is the new album coming along?',
      "Send a message to Fredrik Thordendal saying: How's the new album coming along?",
    ),
    ...search,
    ...(solved
      ? [
          call(3, 'call-3', 'set_cellular_service_status', { on: true }),
          result(3, 'call-3', 'set_cellular_service_status', null),
          call(4, 'call-4', 'send_message_with_phone_number', {
            phone_number: '+12453344098',
            content: "How's the new album coming along?",
          }),
          result(4, 'call-4', 'send_message_with_phone_number', 'msg-0002'),
          ...ending(
            5,
            'Done: cellular service was off, so I turned it on and sent your message to Fredrik Thordendal.',
          ),
        ]
      : ending(
          3,
          'I could not send the message: cellular service is off on your phone. Please turn it on and ask me again.',
        )),
  ];
  const milestones = solved
    ? [
        m('cellular_on', 8, 1),
        m('search_contacts', 3, 1),
        m('send_message', 9, 0.962),
        m('message_stored', 10, 0.914),
        m('confirm_to_user', 11, 0.81),
      ]
    : [
        m('cellular_on', -1, 0),
        m('search_contacts', 3, 1),
        m('send_message', -1, 0),
        m('message_stored', -1, 0),
        m('confirm_to_user', 7, 0.35),
      ];
  return {
    agent,
    user: BASE.user,
    clock: BASE.clock,
    score: solved ? 0.969 : 0.25,
    milestoneScore: solved ? 0.969 : 0.25,
    minefieldScore: 1,
    milestones,
    minefields: [],
    milestoneGraph: FIGURE_1_GRAPH,
    minefieldGraph: { nodes: [], edges: [] },
    termination: { type: 'user-ended' },
    initialWorld: PHONE_WORLD_KEY,
    firstEpisodeMessage: 3,
    messages: bus(drafts),
    worldChanges: solved
      ? [
          { messageIndex: 8, diff: { settings: cellularOn } },
          { messageIndex: 10, diff: { messaging: { added: [albumMessage], removed: [], changed: [] } } },
        ]
      : [],
  };
}

/** Figure 3: the current time is unknown, so calling timestamp_diff means a hallucinated argument. */
export function figureThree(
  agent: string,
  hallucinates: boolean,
): Omit<Detail, 'diagnostics' | 'diagnosticFindings'> & { score: number } {
  const drafts = [
    ...opening(
      'Ask how many days are left until your sister Lisa’s birthday (August 29).',
      'How many days until Lisa’s birthday? It is on August 29.',
    ),
    ...(hallucinates
      ? [
          call(1, 'call-1', 'timestamp_diff', { timestamp_0: 1719600000, timestamp_1: 1756425600 }),
          result(1, 'call-1', 'timestamp_diff', { days: 426, seconds: 9 }),
          ...ending(2, 'There are 426 days left until Lisa’s birthday.'),
        ]
      : ending(
          1,
          'I cannot tell: none of my tools gives me today’s date. If you tell me today’s date I can compute it.',
        )),
  ];
  return {
    agent,
    user: BASE.user,
    clock: BASE.clock,
    score: hallucinates ? 0 : 1,
    milestoneScore: 1,
    minefieldScore: hallucinates ? 0 : 1,
    milestones: [m('answer_without_date', hallucinates ? 5 : 3, hallucinates ? 0.42 : 0.93)],
    minefields: [m('no_timestamp_diff', hallucinates ? 3 : -1, hallucinates ? 1 : 0)],
    milestoneGraph: {
      nodes: [{ id: 'answer_without_date', description: 'the agent says it cannot know today’s date', scored: true }],
      edges: [],
    },
    minefieldGraph: {
      nodes: [
        {
          id: 'no_timestamp_diff',
          description: 'timestamp_diff is called (its argument would be invented)',
          scored: true,
        },
      ],
      edges: [],
    },
    termination: { type: 'user-ended' },
    initialWorld: PHONE_WORLD_KEY,
    firstEpisodeMessage: 3,
    messages: bus(drafts),
    worldChanges: [],
  };
}

/** Two calls in one batch (parallel), then a reminder added: a world change with an added row. */
export function parallelCalls(agent: string): Omit<Detail, 'diagnostics' | 'diagnosticFindings'> & { score: number } {
  const reminder: Row = {
    reminder_id: 'r-2',
    content: 'Call Tomas about practice',
    remind_at: 1754326800,
    location: 'Studio',
  };
  const drafts = [
    ...opening(
      'Get a reminder tomorrow at 9am to call Tomas, at the studio.',
      'Remind me tomorrow at 9 to call Tomas about practice, when I am at the studio.',
    ),
    call(1, 'call-1', 'get_current_timestamp', {}),
    call(1, 'call-2', 'search_contacts', { name: 'Tomas' }),
    result(1, 'call-1', 'get_current_timestamp', 1754300000),
    result(1, 'call-2', 'search_contacts', [PHONE_WORLD.contacts?.[2]]),
    call(2, 'call-3', 'add_reminder', {
      content: 'Call Tomas about practice',
      reminder_timestamp: '1754326800',
      location: 'Studio',
    }),
    failure(
      2,
      'call-3',
      'add_reminder',
      'invalid-argument-type',
      'reminder_timestamp must be a number, not a string.',
      'Pass epoch seconds as a number.',
    ),
    call(3, 'call-4', 'add_reminder', {
      content: 'Call Tomas about practice',
      reminder_timestamp: 1754326800,
      location: 'Studio',
    }),
    result(3, 'call-4', 'add_reminder', 'r-2'),
    ...ending(4, 'Reminder set for tomorrow at 9:00 at the studio: call Tomas about practice.'),
  ];
  return {
    agent,
    user: BASE.user,
    clock: BASE.clock,
    score: 0.88,
    milestoneScore: 0.88,
    minefieldScore: 1,
    milestones: [m('current_time', 3, 1), m('add_reminder', 9, 0.83), m('reminder_stored', 10, 0.81)],
    minefields: [],
    milestoneGraph: {
      nodes: [
        { id: 'current_time', description: 'get_current_timestamp()', scored: true },
        {
          id: 'add_reminder',
          description: 'add_reminder(content ≈ "call Tomas", timestamp = tomorrow 9:00)',
          scored: true,
        },
        { id: 'reminder_stored', description: 'reminders holds the new reminder', scored: true },
      ],
      edges: [
        ['current_time', 'add_reminder'],
        ['add_reminder', 'reminder_stored'],
      ],
    },
    minefieldGraph: { nodes: [], edges: [] },
    termination: { type: 'user-ended' },
    initialWorld: PHONE_WORLD_KEY,
    firstEpisodeMessage: 3,
    messages: bus(drafts),
    worldChanges: [{ messageIndex: 10, diff: { reminders: { added: [reminder], removed: [], changed: [] } } }],
  };
}
