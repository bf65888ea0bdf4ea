/** Patents: granted patents with titles, dates, assignees and inventors; queries over similar APIs. */
import {
  anyValue,
  atLeast,
  call,
  dayNumber,
  isoDay,
  longDate,
  MAIN_AUGMENTATIONS,
  QUERY_DRAFTS,
  type QueryRecord,
  type Random,
} from './random.ts';

const SUBJECTS: Record<string, string[]> = {
  electrical: [
    'battery cooling system',
    'charging circuit',
    'power converter',
    'sensor array',
    'antenna assembly',
    'motor controller',
  ],
  mechanical: [
    'gear assembly',
    'hinge mechanism',
    'valve actuator',
    'bicycle frame',
    'drone propeller',
    'conveyor belt',
  ],
  chemical: [
    'polymer coating',
    'electrolyte solution',
    'adhesive compound',
    'catalyst bed',
    'fertilizer blend',
    'filter membrane',
  ],
  software: [
    'data compression method',
    'scheduling engine',
    'image recognition model',
    'encryption protocol',
    'search index',
    'speech interface',
  ],
  medical: [
    'insulin pump',
    'surgical stapler',
    'hearing aid',
    'glucose monitor',
    'bone implant',
    'stent delivery device',
  ],
};
const ADJECTIVES = [
  'Adaptive',
  'Modular',
  'Low-power',
  'Wireless',
  'Self-cleaning',
  'Compact',
  'High-efficiency',
  'Flexible',
  'Thermally stable',
  'Portable',
  'Biodegradable',
  'Autonomous',
];
const PURPOSES = [
  'for electric vehicles',
  'for wearable devices',
  'for agricultural machinery',
  'for smart homes',
  'for hospital use',
  'for offshore platforms',
  'for cold climates',
  'for small satellites',
];
const ASSIGNEES: Record<string, string[]> = {
  electrical: ['Northwind Energy', 'Kestrel Motors', 'Greyfield Instruments'],
  mechanical: ['Bluepeak Robotics', 'Kestrel Motors', 'Sundial Agritech'],
  chemical: ['Corvane Chemicals', 'Sundial Agritech', 'Vantor Labs'],
  software: ['Lumisoft Systems', 'Vantor Labs', 'Marlow Audio'],
  medical: ['Halvorsen Medical', 'Ostara Biotech', 'Marlow Audio'],
};
const FIRST_NAMES = [
  'Anna',
  'Ben',
  'Chiara',
  'Daniel',
  'Elif',
  'Farid',
  'Grace',
  'Hiroshi',
  'Ines',
  'Jonas',
  'Kavya',
  'Lars',
  'Mei',
  'Nadia',
  'Oscar',
  'Priya',
  'Quentin',
  'Rosa',
  'Samuel',
  'Tomasz',
];
const LAST_NAMES = [
  'Abbott',
  'Brennan',
  'Castillo',
  'Dubois',
  'Eriksen',
  'Fujita',
  'Gallagher',
  'Haddad',
  'Ivanova',
  'Jensen',
  'Kowalski',
  'Lindqvist',
  'Moreau',
  'Nakamura',
  'Okafor',
  'Petrov',
  'Quinn',
  'Rossi',
  'Schmidt',
  'Tanaka',
  'Usman',
  'Varga',
  'Whitfield',
  'Yilmaz',
];

export interface PatentRecord {
  number: string;
  title: string;
  date: string;
  category: string;
  assignee: string;
  inventors: { first_name: string; last_name: string }[];
  claims: number;
  abstract: string;
}

export function generatePatents(random: Random): { patents: PatentRecord[]; queries: QueryRecord[] } {
  const first = dayNumber('2016-01-05'); // a Tuesday: patents are granted on Tuesdays
  const titles = new Set<string>();
  const drafts: Omit<PatentRecord, 'number'>[] = [];
  while (drafts.length < 320) {
    const category = random.pick(Object.keys(SUBJECTS));
    const subject = random.pick(SUBJECTS[category] ?? []);
    const title = `${random.pick(ADJECTIVES)} ${subject} ${random.pick(PURPOSES)}`;
    if (titles.has(title)) continue;
    titles.add(title);
    const inventors = random
      .sample(LAST_NAMES, random.int(1, 3))
      .map((last_name) => ({ first_name: random.pick(FIRST_NAMES), last_name }));
    drafts.push({
      title,
      date: isoDay(first + 7 * random.int(0, 416)),
      category,
      assignee: random.pick(ASSIGNEES[category] ?? []),
      inventors,
      claims: random.int(4, 32),
      abstract: `A ${subject} ${title.slice(title.indexOf(subject) + subject.length).trim()} is described. It ${random.pick(
        [
          'reduces energy use',
          'extends service life',
          'lowers manufacturing cost',
          'improves accuracy',
          'simplifies maintenance',
        ],
      )} compared with earlier designs and ${random.pick(['needs no external controller', 'can be retrofitted', 'works across a wide temperature range', 'uses recyclable parts'])}.`,
    });
  }
  drafts.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : a.title < b.title ? -1 : 1));
  const patents = drafts.map((draft, index) => ({ number: `US${10_120_000 + index * 37}`, ...draft }));
  return { patents, queries: patentQueries(random, patents) };
}

const KEYWORDS = [
  'battery',
  'sensor',
  'valve',
  'polymer',
  'insulin',
  'drone',
  'circuit',
  'membrane',
  'encryption',
  'hearing',
  'gear',
  'hinge',
  'catalyst',
  'glucose',
  'antenna',
  'compression',
];

function matching(patents: readonly PatentRecord[], keyword: string): PatentRecord[] {
  return patents.filter((patent) => patent.title.toLowerCase().includes(keyword.toLowerCase()));
}

function patentQueries(random: Random, patents: readonly PatentRecord[]): QueryRecord[] {
  const queries: QueryRecord[] = [];
  const add = (
    base: number,
    build: (
      aug: (typeof MAIN_AUGMENTATIONS)[number],
    ) => Omit<QueryRecord, 'id' | 'baseId' | 'augmentation'> | undefined,
  ) => {
    const augmentation = MAIN_AUGMENTATIONS[queries.length % MAIN_AUGMENTATIONS.length] ?? 'constraint';
    const built = build(augmentation);
    if (!built) return false;
    queries.push({
      id: `patents-${String(queries.length + 1).padStart(3, '0')}`,
      baseId: `patents-b${base}`,
      augmentation,
      ...built,
    });
    return true;
  };
  let attempts = 0;
  while (queries.length < QUERY_DRAFTS && attempts < 5000) {
    attempts += 1;
    const template = queries.length % 7;
    if (template === 0) {
      // Count of title matches on or after a date.
      const keyword = random.pick(KEYWORDS);
      const matches = matching(patents, keyword);
      const date = random.pick(matches)?.date;
      if (!date) continue;
      const total = matches.filter((patent) => patent.date >= date).length;
      if (total < 2 || total > 12 || matches.length > 100) continue;
      add(1, (aug) => ({
        goal:
          aug === 'constraint'
            ? `How many patents whose title contains "${keyword}" were granted on or after ${longDate(date)}?`
            : aug === 'sentence-transformation'
              ? `Count the granted patents that mention "${keyword}" in their title, keeping only those dated ${date} or later.`
              : `I'm preparing a market review for an investor and need a quick number: starting from ${longDate(date)} (inclusive), how many patents with "${keyword}" in the title were granted?`,
        trajectories: [[call('get_patent_with_title_gte_date', { title: keyword, date })]],
        answer: { type: 'number', value: total, tolerance: 0, check: 'computed' },
      }));
    } else if (template === 1) {
      // Patent number of the title match granted on a given date.
      const keyword = random.pick(KEYWORDS);
      const matches = matching(patents, keyword);
      const target = random.pick(matches);
      if (!target || matches.filter((patent) => patent.date === target.date).length !== 1) continue;
      if (matches.length > 100) continue;
      add(2, (aug) => ({
        goal:
          aug === 'constraint'
            ? `What is the number of the patent with "${keyword}" in its title that was granted on ${longDate(target.date)}?`
            : aug === 'sentence-transformation'
              ? `On ${target.date} a patent mentioning "${keyword}" in its title was granted. Give me its patent number.`
              : `A colleague remembers a "${keyword}" patent from the grant list of ${longDate(target.date)}, the week our lab moved buildings. Which patent number was it?`,
        trajectories: [[call('get_patent_with_title_and_date', { title: keyword, date: target.date })]],
        answer: { type: 'string', value: target.number, check: 'appears' },
      }));
    } else if (template === 2) {
      // Assignee of a patent known by its full title.
      const target = random.pick(patents);
      add(3, (aug) => ({
        goal:
          aug === 'constraint'
            ? `Which company is the assignee of the patent titled "${target.title}"?`
            : aug === 'sentence-transformation'
              ? `The patent "${target.title}" belongs to which company?`
              : `We are thinking of licensing "${target.title}" for a prototype our startup is building. Who owns that patent?`,
        trajectories: [
          [call('get_patent_with_title', { title: target.title, fields: anyValue(['patent_number', 'assignee']) })],
          [
            call('get_patent_with_title', { title: target.title }),
            call('get_patent_with_number', { patent_number: target.number }),
          ],
        ],
        answer: { type: 'string', value: target.assignee, check: 'appears' },
      }));
    } else if (template === 3) {
      // Patents of one inventor in one year.
      const target = random.pick(patents);
      const inventor = target.inventors[0];
      if (!inventor) continue;
      const year = target.date.slice(0, 4);
      const byInventor = patents.filter((patent) =>
        patent.inventors.some((person) => person.last_name === inventor.last_name),
      );
      const numbers = byInventor.filter((patent) => patent.date.startsWith(year)).map((patent) => patent.number);
      if (numbers.length < 1 || numbers.length > 5 || byInventor.length > 100) continue;
      add(4, (aug) => ({
        goal:
          aug === 'constraint'
            ? `List the numbers of all patents granted in ${year} that have an inventor with the last name ${inventor.last_name}.`
            : aug === 'sentence-transformation'
              ? `Which patents, by number, were granted in ${year} with someone surnamed ${inventor.last_name} among the inventors?`
              : `For an alumni newsletter about engineers named ${inventor.last_name}, I need the patent numbers granted to any inventor with that last name during ${year}.`,
        // Every patent of the inventor on one page: a page size that leaves some out is a wrong value.
        trajectories: [
          [call('get_patent_with_inventor', { last_name: inventor.last_name, count: atLeast(byInventor.length) })],
        ],
        answer: { type: 'set', values: numbers, check: 'appears' },
      }));
    } else if (template === 4) {
      // Count of an assignee's patents on or after a date.
      const assignee = random.pick(patents).assignee;
      const own = patents.filter((patent) => patent.assignee === assignee);
      const date = random.pick(own)?.date;
      if (!date) continue;
      const total = own.filter((patent) => patent.date >= date).length;
      if (total < 2 || total > 40 || own.length > 100) continue;
      add(5, (aug) => ({
        goal:
          aug === 'constraint'
            ? `How many patents were granted to ${assignee} on or after ${longDate(date)}?`
            : aug === 'sentence-transformation'
              ? `Since ${date} (that day included), how many patents has ${assignee} been granted?`
              : `${assignee} says it has been innovating a lot lately; the press release mentions ${longDate(date)} as the start of its new research push. How many patents did it get from that date on?`,
        trajectories: [[call('get_patent_with_assignee', { assignee, granted_after: date })]],
        answer: { type: 'number', value: total, tolerance: 0, check: 'computed' },
      }));
    } else if (template === 5) {
      // Category patents in a date range.
      const start = random.pick(patents).date;
      const end = isoDay(dayNumber(start) + 7 * random.int(4, 12));
      const category = random.pick(Object.keys(SUBJECTS));
      const inRange = patents.filter((patent) => patent.date >= start && patent.date <= end);
      const numbers = inRange.filter((patent) => patent.category === category).map((patent) => patent.number);
      if (numbers.length < 1 || numbers.length > 6 || inRange.length > 100) continue;
      add(6, (aug) => ({
        goal:
          aug === 'constraint'
            ? `List the numbers of the ${category} patents granted between ${longDate(start)} and ${longDate(end)}, both days included.`
            : aug === 'sentence-transformation'
              ? `Which ${category} patents (numbers only) were granted from ${start} through ${end}?`
              : `Our ${category} team wants to know what competitors patented while our product was in beta, from ${longDate(start)} to ${longDate(end)} inclusive. Give the patent numbers in that category.`,
        trajectories: [
          [call('get_patent_with_date_range', { start_date: start, end_date: end, category, count: anyValue(100) })],
        ],
        answer: { type: 'set', values: numbers, check: 'appears' },
      }));
    } else {
      // Title matches excluding a second word.
      const keyword = random.pick(KEYWORDS);
      const matches = matching(patents, keyword);
      const excluded = random.pick(['wireless', 'portable', 'compact', 'modular', 'adaptive', 'vehicles', 'homes']);
      const total = matches.filter((patent) => !patent.title.toLowerCase().includes(excluded)).length;
      if (total < 1 || total === matches.length || matches.length > 100) continue;
      add(7, (aug) => ({
        goal:
          aug === 'constraint'
            ? `How many patents have "${keyword}" in the title but not "${excluded}"?`
            : aug === 'sentence-transformation'
              ? `Leaving out any title that contains "${excluded}", how many patent titles contain "${keyword}"?`
              : `I am mapping the "${keyword}" patent landscape, and designs described as "${excluded}" are out of scope for my thesis. How many patents mention "${keyword}" in the title without "${excluded}"?`,
        trajectories: [[call('get_patent_with_title_not', { title: keyword, excluded })]],
        answer: { type: 'number', value: total, tolerance: 0, check: 'computed' },
      }));
    }
  }
  return queries;
}
