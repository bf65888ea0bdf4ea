/** Spaceflight news: articles, blogs and reports with sites and dates; paging through limit/offset. */
import {
  anyValue,
  call,
  dayNumber,
  isoDay,
  longDate,
  MAIN_AUGMENTATIONS,
  QUERY_DRAFTS,
  type QueryRecord,
  type Random,
} from './random.ts';

export const NEWS_SITES = [
  'NASA',
  'SpaceNews',
  'Spaceflight Now',
  'European Spaceflight',
  'Teslarati',
  'NASASpaceflight',
  'Space.com',
  'Orbital Index',
  'Planetary Society',
  'ESA',
];
const TOPICS = [
  'Artemis II',
  'Starship',
  'ISS',
  'Mars Sample Return',
  'JWST',
  'Ariane 6',
  'New Glenn',
  'Crew Dragon',
  'Europa Clipper',
  'Chandrayaan-3',
  'Vulcan Centaur',
  'Dream Chaser',
  'Psyche',
  'Hera',
  'Gaganyaan',
];
const EVENTS = [
  'crew completes launch rehearsal',
  'launch slips by several weeks',
  'passes critical design review',
  'arrives at the launch site',
  'completes static fire test',
  'team shares first results',
  'receives new funding',
  'faces a propellant leak',
  'is stacked on the pad',
  'returns first images',
  'clears final safety review',
  'suffers a software glitch',
];
const BLOG_FORMS = [
  'Opinion: what {topic} teaches us',
  'Inside the {topic} control room',
  'A week with the {topic} team',
  'Five questions about {topic}',
  'Why {topic} matters for science',
];
const REPORT_FORMS = [
  'Quarterly status report on {topic}',
  'Independent review of {topic}',
  'Budget assessment for {topic}',
];

export interface ArticleRecord {
  id: number;
  type: 'article' | 'blog' | 'report';
  title: string;
  news_site: string;
  summary: string;
  published_at: string;
  featured: boolean;
}

export function generateSpaceflight(random: Random): { articles: ArticleRecord[]; queries: QueryRecord[] } {
  const titles = new Set<string>();
  const articles: ArticleRecord[] = [];
  const targets: [ArticleRecord['type'], number][] = [
    ['article', 300],
    ['blog', 70],
    ['report', 30],
  ];
  for (const [type, count] of targets) {
    let made = 0;
    while (made < count) {
      const topic = random.pick(TOPICS);
      const title =
        type === 'article'
          ? `${random.pick(['', 'Update: ', ''])}${topic} ${random.pick(EVENTS)}`
          : random.pick(type === 'blog' ? BLOG_FORMS : REPORT_FORMS).replace('{topic}', topic);
      const year = type === 'article' ? '' : ` (${random.int(2021, 2024)})`;
      const full = `${title}${year}`;
      if (titles.has(full)) continue;
      titles.add(full);
      made += 1;
      articles.push({
        id: 0,
        type,
        title: full,
        news_site: random.pick(type === 'report' ? ['NASA', 'ESA', 'Planetary Society', 'SpaceNews'] : NEWS_SITES),
        summary: `${topic}: ${random.pick(['engineers', 'mission managers', 'agency officials', 'the contractor'])} ${random.pick(['said the schedule holds', 'expect a decision within a month', 'are reviewing the data', 'confirmed the next milestone', 'declined to give a new date'])}.`,
        published_at: isoDay(dayNumber('2021-01-04') + random.int(0, 1270)),
        featured: random.chance(0.15),
      });
    }
  }
  articles.sort((a, b) =>
    a.published_at < b.published_at ? -1 : a.published_at > b.published_at ? 1 : a.title < b.title ? -1 : 1,
  );
  const numbered = articles.map((article, index) => ({ ...article, id: 20_000 + index * 3 }));
  return { articles: numbered, queries: spaceflightQueries(random, numbered) };
}

function spaceflightQueries(random: Random, all: readonly ArticleRecord[]): QueryRecord[] {
  const queries: QueryRecord[] = [];
  const articles = all.filter((article) => article.type === 'article');
  const withTopic = (topic: string) =>
    articles.filter((article) => article.title.toLowerCase().includes(topic.toLowerCase()));
  let attempts = 0;
  while (queries.length < QUERY_DRAFTS && attempts < 5000) {
    attempts += 1;
    const aug = MAIN_AUGMENTATIONS[queries.length % 3] ?? 'constraint';
    const pick = (texts: [string, string, string]) => texts[MAIN_AUGMENTATIONS.indexOf(aug)] ?? texts[0];
    const push = (
      base: number,
      goal: string,
      trajectories: ReturnType<typeof call>[][],
      answer: QueryRecord['answer'],
    ) =>
      queries.push({
        id: `spaceflight-${String(queries.length + 1).padStart(3, '0')}`,
        baseId: `spaceflight-b${base}`,
        goal,
        augmentation: aug,
        trajectories,
        answer,
      });
    const topic = random.pick(TOPICS);
    const site = random.pick(NEWS_SITES);
    const template = queries.length % 7;
    if (template === 0) {
      const count = withTopic(topic).filter((article) => article.news_site === site).length;
      if (count < 1 || withTopic(topic).length > 100) continue;
      push(
        1,
        pick([
          `How many ${site} articles have "${topic}" in the title?`,
          `Count the articles published by ${site} whose titles mention "${topic}".`,
          `I'm comparing how much attention news outlets give to ${topic}, starting with ${site}. How many of its articles mention "${topic}" in the title?`,
        ]),
        [[call('get_articles', { title_contains: topic, news_site: site })]],
        { type: 'number', value: count, tolerance: 0, check: 'computed' },
      );
    } else if (template === 1) {
      const date = isoDay(dayNumber('2021-06-01') + random.int(0, 1000));
      const fromSite = articles.filter((article) => article.news_site === site);
      const before = fromSite.filter((article) => article.published_at < date);
      const newest = before.at(-1);
      if (!newest || before.at(-2)?.published_at === newest.published_at || fromSite.length > 100) continue;
      push(
        2,
        pick([
          `What is the title of the most recent ${site} article published before ${longDate(date)}?`,
          `Before ${date}, which was the latest article ${site} put out? Give its title.`,
          `Our newsletter went on hiatus on ${longDate(date)}. What was the last article ${site} published before that day? I need its title.`,
        ]),
        [[call('get_articles_published_before', { date, news_site: site })]],
        { type: 'string', value: newest.title, check: 'appears' },
      );
    } else if (template === 2) {
      const start = isoDay(dayNumber('2021-01-04') + random.int(0, 1000));
      const end = isoDay(dayNumber(start) + random.int(60, 240));
      const count = withTopic(topic).filter(
        (article) => article.published_at >= start && article.published_at <= end,
      ).length;
      if (count < 1 || withTopic(topic).length > 100) continue;
      push(
        3,
        pick([
          `How many articles with "${topic}" in the title were published between ${longDate(start)} and ${longDate(end)}, both days included?`,
          `From ${start} through ${end}, how many articles mentioning "${topic}" in their titles came out?`,
          `For a timeline of ${topic} coverage in my blog, how many articles with "${topic}" in the headline appeared from ${longDate(start)} to ${longDate(end)} inclusive?`,
        ]),
        [[call('get_articles_published_between', { start_date: start, end_date: end, title_contains: topic })]],
        { type: 'number', value: count, tolerance: 0, check: 'computed' },
      );
    } else if (template === 3) {
      const article = random.pick(articles);
      if (articles.filter((other) => other.title.includes(article.title)).length !== 1) continue;
      push(
        4,
        pick([
          `Which news site published the article titled "${article.title}"?`,
          `The article "${article.title}" appeared on which site?`,
          `Someone forwarded me "${article.title}" without a link, and I want to cite it properly. Which news site published it?`,
        ]),
        [[call('get_articles', { title_contains: article.title })]],
        { type: 'string', value: article.news_site, check: 'appears' },
      );
    } else if (template === 4) {
      const blogs = all.filter((article) => article.type === 'blog');
      const count = blogs.filter((blog) => blog.news_site === site).length;
      if (count < 1) continue;
      push(
        5,
        pick([
          `How many blog posts has ${site} published?`,
          `Count the blogs (not articles) from ${site}.`,
          `I enjoy long-form writing more than news. How many blog posts are there from ${site}?`,
        ]),
        [[call('get_blogs', { news_site: site })]],
        { type: 'number', value: count, tolerance: 0, check: 'computed' },
      );
    } else if (template === 5) {
      const reporter = random.pick(['NASA', 'ESA', 'Planetary Society', 'SpaceNews']);
      const reports = all.filter((article) => article.type === 'report' && article.news_site === reporter);
      if (reports.length < 1) continue;
      push(
        6,
        pick([
          `List the titles of all reports published by ${reporter}.`,
          `Which reports did ${reporter} publish? Give their titles.`,
          `My professor wants primary sources from ${reporter}. What are the titles of every report it published?`,
        ]),
        [[call('get_reports', { news_site: reporter })]],
        { type: 'set', values: reports.map((report) => report.title), check: 'appears' },
      );
    } else {
      const date = isoDay(dayNumber('2021-01-04') + random.int(0, 900));
      const matches = withTopic(topic);
      const featured = matches
        .filter((article) => article.featured && article.published_at > date)
        .map((article) => article.title);
      if (featured.length < 1 || matches.length > 100) continue;
      push(
        7,
        pick([
          `Which featured articles about "${topic}" (in the title) were published after ${longDate(date)}? Give their titles.`,
          `List the titles of featured "${topic}" articles that came out after ${date}.`,
          `I only trust the editors' picks. Give me the titles of featured articles with "${topic}" in the headline published after ${longDate(date)}.`,
        ]),
        [
          // No API filters both on featured and on the date: either filter is applied by the API and the
          // other by the agent (two ways, neither drops a constraint the API could apply).
          [call('get_articles', { title_contains: topic, featured: true, limit: anyValue(100) })],
          [call('get_articles_published_after', { date, title_contains: topic, limit: anyValue(100) })],
        ],
        { type: 'set', values: featured, check: 'appears' },
      );
    }
  }
  return queries;
}
