/**
 * A benchmark of your own, outside toolgauge: a lending library. The user asks for a book on a topic; the
 * agent must search the catalogue, ask the user for their member id (it is not in the request), lend the
 * right book to that member, and wrap up. Multi-step: a small world (books and loans), two tools, a
 * scripted user who speaks more than once, an `oracle` agent, a headline metric and a proof.
 *
 * It imports only `toolgauge` (and Node's built-ins), so it runs from any folder where `toolgauge` is
 * installed:
 *
 *   toolgauge run --benchmark module:./my-benchmark.mjs --agent oracle
 *   toolgauge validate --benchmark module:./my-benchmark.mjs --prove
 *   toolgauge report <run-id>            (the run recorded where this file is)
 *   toolgauge rescore <run-id> --library-scoring partial   (its episodes scored again, not played)
 *
 * or from code: `evaluate({ benchmark: 'module:./my-benchmark.mjs', agent: 'oracle', store: 'runs.db' })` (the
 * run records this file, so `toolgauge report` reads it with no flag).
 */
import { createHash } from 'node:crypto';
import {
  defineTool,
  defineWorldSchema,
  EpisodeClock,
  endConversationTool,
  fail,
  runEpisode,
  ScriptedUser,
  ToolRegistry,
  ToolSet,
  WorldSnapshot,
  worldAtMessage,
  z,
} from 'toolgauge';

const SYSTEM_PROMPT =
  'You are the assistant of a lending library. Find the book the member asks for and lend it to them; ask for what you do not know.';

/** The world: the catalogue and the loans made during the episode. */
const schema = defineWorldSchema([
  {
    name: 'books',
    primaryKey: 'book_id',
    columns: {
      book_id: { type: 'string' },
      title: { type: 'string' },
      topic: { type: 'string' },
      available: { type: 'boolean', description: 'Whether the book can be lent now.' },
    },
  },
  {
    name: 'loans',
    primaryKey: 'loan_id',
    columns: { loan_id: { type: 'string' }, book_id: { type: 'string' }, member: { type: 'string' } },
  },
]);

const BOOKS = [
  { book_id: 'b1', title: 'A Brief History of Time', topic: 'science', available: true },
  { book_id: 'b2', title: 'The Selfish Gene', topic: 'science', available: true },
  { book_id: 'b3', title: 'Cosmos', topic: 'science', available: false },
  { book_id: 'b4', title: 'Middlemarch', topic: 'fiction', available: true },
  { book_id: 'b5', title: 'Moby-Dick', topic: 'fiction', available: true },
];

const searchBooks = defineTool({
  name: 'search_books',
  description: 'Search the catalogue by words of the title.',
  parameters: z.object({ query: z.string().min(1).describe('Words of the title, e.g. "gene".') }),
  returns: 'A list of {book_id, title, available}.',
  kind: 'read',
  domain: 'library',
  run: ({ query }, { world }) =>
    world
      .rows('books')
      .filter((book) => String(book.title).toLowerCase().includes(query.toLowerCase()))
      .map(({ book_id, title, available }) => ({ book_id, title, available })),
});

const lendBook = defineTool({
  name: 'lend_book',
  description: 'Lend a book to a library member.',
  parameters: z.object({
    book_id: z.string().describe('The book, as search_books gives it.'),
    member: z.string().describe('The member id, e.g. M-17.'),
  }),
  returns: 'The id of the new loan.',
  kind: 'action',
  domain: 'library',
  run: ({ book_id, member }, { world }) => {
    const book = world.rows('books').find((row) => row.book_id === book_id);
    if (!book) throw fail('not-found', `There is no book ${book_id}.`, 'Use a book_id from search_books.');
    if (book.available !== true)
      throw fail('invalid-value', `${book.title} is out on loan.`, 'Choose a book that is available.');
    if (!/^M-\d+$/.test(member))
      throw fail('invalid-value', `${member} is not a member id (M-<digits>).`, 'Ask the member for their id.');
    const loan_id = world.newId();
    world.insert('loans', { loan_id, book_id, member });
    world.update('books', book_id, { available: false });
    return loan_id;
  },
});

const registry = new ToolRegistry([searchBooks, lendBook, endConversationTool]);

/** The cases: what the user asks for, the member id they give when asked, and the book to lend. */
const CASES = [
  {
    id: 'gene',
    topic: 'science',
    ask: 'Do you have The Selfish Gene? I would like to borrow it.',
    query: 'selfish gene',
    member: 'M-17',
    book: 'b2',
  },
  {
    id: 'whale',
    topic: 'fiction',
    ask: 'I want to read Moby-Dick, can I take it home?',
    query: 'moby',
    member: 'M-4',
    book: 'b5',
  },
  {
    id: 'history',
    topic: 'science',
    ask: 'Please lend me A Brief History of Time.',
    query: 'brief history',
    member: 'M-230',
    book: 'b1',
  },
].map((entry) => ({ ...entry, labels: { topic: entry.topic } }));

/** The agent's view of the case's opening: the system prompt and the user's request. */
function openingMessages(libraryCase) {
  return [
    { type: 'text', sender: 'system', recipient: 'agent', text: SYSTEM_PROMPT },
    { type: 'text', sender: 'user', recipient: 'agent', text: libraryCase.ask },
  ];
}

/**
 * Plays the gold solution from what it sees (stateless, as the reference server needs): search, ask for
 * the member id, lend the book to it, then close.
 */
function oracle(libraryCase) {
  return {
    name: 'oracle',
    async respond({ messages }) {
      const results = messages.filter((message) => message.type === 'tool-result');
      const lent = results.some((message) => message.toolName === 'lend_book' && message.outcome.type === 'result');
      const searched = results.some((message) => message.toolName === 'search_books');
      const userLines = messages.filter((message) => message.type === 'text' && message.sender === 'user');
      const member = userLines.map((message) => /\bM-\d+\b/.exec(message.text)?.[0]).find(Boolean);
      const id = `call-${messages.length}`;
      if (lent) {
        const last = messages.at(-1);
        return last?.type === 'text' && /thank/i.test(last.text)
          ? { type: 'text', text: 'Enjoy your book. Goodbye!' }
          : { type: 'text', text: 'Done: the book is lent to you. Anything else?' };
      }
      if (!searched)
        return { type: 'tool-calls', calls: [{ id, name: 'search_books', arguments: { query: libraryCase.query } }] };
      if (!member) return { type: 'text', text: 'I found it. What is your member id?' };
      return {
        type: 'tool-calls',
        calls: [{ id, name: 'lend_book', arguments: { book_id: libraryCase.book, member } }],
      };
    },
  };
}

/** A wrong agent: lends the first book it finds to a member id it makes up, without asking. */
function hasty(libraryCase) {
  return {
    name: 'hasty',
    async respond({ messages }) {
      const search = messages
        .filter((message) => message.type === 'tool-result' && message.toolName === 'search_books')
        .at(-1);
      const id = `call-${messages.length}`;
      if (!search)
        return {
          type: 'tool-calls',
          calls: [{ id, name: 'search_books', arguments: { query: libraryCase.query.split(' ')[0] } }],
        };
      if (messages.some((message) => message.type === 'tool-result' && message.toolName === 'lend_book')) {
        return { type: 'text', text: 'Done.' };
      }
      const first = search.outcome.type === 'result' ? search.outcome.value[0] : undefined;
      return {
        type: 'tool-calls',
        calls: [{ id, name: 'lend_book', arguments: { book_id: first?.book_id ?? 'b1', member: 'M-1' } }],
      };
    },
  };
}

/** Plays one episode with `agent` and scores it from the world it leaves, with the run's `options`. */
async function playCase(libraryCase, agent, trial, maxMessages, options = {}) {
  const trajectory = await runEpisode({
    episodeId: `${libraryCase.id}-${trial}`,
    caseId: libraryCase.id,
    agent,
    // Answers the question for the member id, then thanks the agent; then ends the conversation.
    user: new ScriptedUser([`My member id is ${libraryCase.member}.`, 'No, thank you.']),
    agentTools: ToolSet.fromRegistry(registry, 'agent'),
    userTools: ToolSet.fromRegistry(registry, 'user'),
    world: WorldSnapshot.create(schema, { books: BOOKS, loans: [] }),
    clock: EpisodeClock.fromIso('2026-03-02T10:00:00Z', 'UTC'),
    seed: `${libraryCase.id}/${trial}`,
    seededMessages: openingMessages(libraryCase),
    ...(maxMessages === undefined ? {} : { maxMessages }),
  });
  const loans = worldAtMessage(schema, trajectory, trajectory.messages.length).rows('loans');
  const record = { formatVersion: 1, caseId: libraryCase.id, loans, trajectory };
  return scoredLoans(libraryCase, record, options['library-scoring']);
}

/**
 * An episode's result from its record (the loans made and the trajectory), so that `toolgauge rescore` can
 * score a stored episode again without playing it. `strict` scoring (the default): 1 for the right book lent
 * to the right member and no other loan, else 0; `partial`: also 0.5 for the right book, alone, lent to
 * another member (the agent found the book but did not ask who borrows it).
 */
function scoredLoans(libraryCase, record, scoring = 'strict') {
  const { loans, trajectory } = record;
  const rightBook = loans.length === 1 && loans[0].book_id === libraryCase.book;
  const lent = rightBook && loans[0].member === libraryCase.member ? 1 : rightBook && scoring === 'partial' ? 0.5 : 0;
  const failedCalls = trajectory.traces.filter((trace) => trace.outcome.type === 'error').length;
  return {
    status: 'scored',
    metrics: { lent, calls: trajectory.traces.length, failedCalls },
    labels: libraryCase.labels,
    record,
  };
}

const mean = (values) => (values.length === 0 ? null : values.reduce((sum, value) => sum + value, 0) / values.length);

/** The benchmark: a `Benchmark` object (see `toolgauge/spec`), the module's default export. */
export default {
  id: 'library',
  title: 'Lending library',
  description: 'Find a book, ask the member for their id, and lend it (an example benchmark from outside toolgauge)',
  recordVersion: 1,
  metrics: [
    {
      id: 'lent',
      title: 'Lent right',
      description:
        'the right book lent to the right member, and nothing else (partial scoring: 0.5 for the right book to another member)',
      direction: 'higher',
      kind: 'score',
    },
    { id: 'calls', title: 'Tool calls', description: 'tool calls made', direction: 'lower', kind: 'count' },
    {
      id: 'failedCalls',
      title: 'Failed calls',
      description: 'tool calls that failed',
      direction: 'lower',
      kind: 'count',
    },
  ],
  headline: 'lent',
  labels: [{ id: 'topic', title: 'Topic' }],
  options: [
    {
      flag: 'library-topic',
      description: 'only the requests for books on this topic',
      commands: ['run', 'list', 'validate'],
      type: 'string',
      choices: ['science', 'fiction'],
    },
    {
      // A scoring option (`rescore` among its commands): `toolgauge rescore <run> --library-scoring partial`
      // scores a stored run's episodes again with it, without playing them.
      flag: 'library-scoring',
      description:
        'how a loan is scored: strict (1 for the right book to the right member, else 0) or partial (also 0.5 for the right book to another member)',
      commands: ['run', 'rescore'],
      type: 'string',
      choices: ['strict', 'partial'],
      default: 'strict',
    },
  ],
  agents: [
    { name: 'oracle', description: 'plays the gold solution', create: (libraryCase) => oracle(libraryCase) },
    {
      name: 'hasty',
      description: 'lends the first book found to a made-up member',
      create: (libraryCase) => hasty(libraryCase),
    },
  ],
  async loadCases({ source, options }) {
    if (source) throw new Error(`the library benchmark has built-in cases only (got ${source})`);
    const topic = options['library-topic'];
    const cases = CASES.filter((entry) => !topic || entry.topic === topic);
    const caseSetHash = createHash('sha256').update(JSON.stringify(cases)).digest('hex');
    return { cases, problems: [], caseSetHash, source: 'built-in' };
  },
  play: (input) => playCase(input.case, input.agent, input.trial, input.limits.maxMessages, input.options),
  rescore: async (input) => scoredLoans(input.case, input.record, input.options['library-scoring']),
  aggregate(episodes) {
    const topics = [...new Set(episodes.map((episode) => episode.labels.topic))].sort();
    const lent = (list) => mean(list.map((episode) => episode.metrics.lent ?? 0));
    return {
      headline: lent(episodes),
      metrics: {
        lent: lent(episodes),
        calls: episodes.reduce((sum, episode) => sum + (episode.metrics.calls ?? 0), 0),
        failedCalls: episodes.reduce((sum, episode) => sum + (episode.metrics.failedCalls ?? 0), 0),
      },
      tables: [
        {
          id: 'by-topic',
          title: 'Lent right, by topic',
          columns: [
            { id: 'topic', title: 'Topic', format: 'text' },
            { id: 'lent', title: 'Lent right', format: 'score', direction: 'higher' },
            { id: 'episodes', title: 'Episodes', format: 'count' },
          ],
          rows: topics.map((topic) => {
            const ofTopic = episodes.filter((episode) => episode.labels.topic === topic);
            return { topic, lent: lent(ofTopic), episodes: ofTopic.length };
          }),
        },
      ],
    };
  },
  parseRecord(value) {
    if (typeof value !== 'object' || value === null) throw new Error('library record: not an object');
    if (value.formatVersion !== 1) throw new Error(`library record: formatVersion ${value.formatVersion} is not 1`);
    if (!Array.isArray(value.loans)) throw new Error('library record: loans is not a list');
    if (typeof value.trajectory?.messages !== 'object')
      throw new Error('library record: trajectory.messages is missing');
    return value;
  },
  trajectories: (record) => [record.trajectory],
  explain: (record) => [
    {
      id: 'loans',
      title: 'Loans made',
      columns: [
        { id: 'book_id', title: 'Book', format: 'text' },
        { id: 'member', title: 'Member', format: 'text' },
      ],
      rows: record.loans.map((loan) => ({ book_id: loan.book_id, member: loan.member })),
    },
  ],
  tools: () =>
    registry.forRole('agent').map(({ name, description, parameters, kind, domain, roles, dependsOn, returns }) => ({
      name,
      description,
      parameters,
      kind,
      domain,
      roles,
      dependsOn,
      returns,
    })),
  async prove(libraryCase) {
    const gold = await playCase(libraryCase, oracle(libraryCase), 0);
    const wrong = await playCase(libraryCase, hasty(libraryCase), 0);
    return {
      caseId: libraryCase.id,
      checks: [
        { name: 'gold scores 1', ok: gold.metrics.lent === 1, detail: `oracle ${gold.metrics.lent}` },
        { name: 'a wrong agent scores less', ok: wrong.metrics.lent < 1, detail: `hasty ${wrong.metrics.lent}` },
      ],
    };
  },
  reference: (libraryCase) => ({
    prefix: [
      { role: 'system', text: SYSTEM_PROMPT },
      { role: 'user', text: libraryCase.ask },
    ],
    tools: ToolSet.fromRegistry(registry, 'agent').schemas(),
  }),
};
