/**
 * The spaceflight news environment: articles, blogs and reports from news sites, newest first, paged
 * with `limit` and `offset`. Several APIs differ only by their date rule (`_published_after`,
 * `_published_before`, `_published_between`).
 */
import { z } from 'zod';
import { defineTool, fail } from '../../../tools/index.js';
import { containsText, dateArgument } from '../environment-data.js';
import { type Article, loadSpaceflight, NEWS_SITES } from './spaceflight-data.js';

const domain = 'toolscan-spaceflight';
const filters = {
  title_contains: z
    .string()
    .min(1)
    .optional()
    .describe('Only items whose title contains this text (case-insensitive).'),
  news_site: z.enum(NEWS_SITES).optional().describe('Only items from this news site.'),
  limit: z.number().int().min(1).max(100).default(10).describe('How many items to return (default 10, at most 100).'),
  offset: z.number().int().min(0).default(0).describe('How many matching items to skip first (default 0).'),
};
const RETURNS =
  'An object { count, results } where count is the number of matching items and results lists { id, title, news_site, summary, published_at, featured }, newest first.';

type Filters = { title_contains?: string | undefined; news_site?: string | undefined; limit: number; offset: number };

function listed(type: Article['type'], args: Filters, extra: (article: Article) => boolean = () => true) {
  const matches = loadSpaceflight()
    .articles.filter(
      (article) =>
        article.type === type &&
        (args.title_contains === undefined || containsText(article.title, args.title_contains)) &&
        (args.news_site === undefined || article.news_site === args.news_site) &&
        extra(article),
    )
    .sort((a, b) => (a.published_at < b.published_at ? 1 : a.published_at > b.published_at ? -1 : b.id - a.id));
  return {
    count: matches.length,
    results: matches.slice(args.offset, args.offset + args.limit).map(({ type: _type, ...article }) => article),
  };
}

export const getArticles = defineTool({
  name: 'get_articles',
  description: 'Lists news articles, optionally filtered by title text, news site and whether they are featured.',
  parameters: z.object({
    ...filters,
    featured: z.boolean().optional().describe('Only featured (true) or only non-featured (false) articles.'),
  }),
  returns: RETURNS,
  kind: 'read',
  domain,
  run: (args) =>
    listed('article', args, (article) => args.featured === undefined || article.featured === args.featured),
});

export const getArticlesPublishedAfter = defineTool({
  name: 'get_articles_published_after',
  description: 'Lists news articles published strictly after a date.',
  parameters: z.object({ date: dateArgument('Only articles published after this day'), ...filters }),
  returns: RETURNS,
  kind: 'read',
  domain,
  run: (args) => listed('article', args, (article) => article.published_at > args.date),
});

export const getArticlesPublishedBefore = defineTool({
  name: 'get_articles_published_before',
  description: 'Lists news articles published strictly before a date.',
  parameters: z.object({ date: dateArgument('Only articles published before this day'), ...filters }),
  returns: RETURNS,
  kind: 'read',
  domain,
  run: (args) => listed('article', args, (article) => article.published_at < args.date),
});

export const getArticlesPublishedBetween = defineTool({
  name: 'get_articles_published_between',
  description: 'Lists news articles published between two dates, both included.',
  parameters: z.object({
    start_date: dateArgument('First publication day, included'),
    end_date: dateArgument('Last publication day, included'),
    ...filters,
  }),
  returns: RETURNS,
  kind: 'read',
  domain,
  run: (args) => {
    if (args.end_date < args.start_date)
      throw fail('invalid-value', 'end_date is before start_date.', 'Swap the dates.');
    return listed(
      'article',
      args,
      (article) => article.published_at >= args.start_date && article.published_at <= args.end_date,
    );
  },
});

export const getArticleById = defineTool({
  name: 'get_article_by_id',
  description: 'Gets one article, blog or report by its id.',
  parameters: z.object({ article_id: z.number().int().describe('The id of the item.') }),
  returns: 'The item { id, type, title, news_site, summary, published_at, featured }.',
  kind: 'read',
  domain,
  run: ({ article_id }) => {
    const article = loadSpaceflight().articles.find((candidate) => candidate.id === article_id);
    if (!article) throw fail('not-found', `Nothing has the id ${article_id}.`);
    return article;
  },
});

export const getBlogs = defineTool({
  name: 'get_blogs',
  description: 'Lists blog posts (not news articles), optionally filtered by title text and news site.',
  parameters: z.object(filters),
  returns: RETURNS,
  kind: 'read',
  domain,
  run: (args) => listed('blog', args),
});

export const getReports = defineTool({
  name: 'get_reports',
  description: 'Lists reports (status reports, reviews, assessments), optionally filtered by title text and site.',
  parameters: z.object(filters),
  returns: RETURNS,
  kind: 'read',
  domain,
  run: (args) => listed('report', args),
});

export const getInfo = defineTool({
  name: 'get_info',
  description: 'Gets what the news service covers: its news sites and how many items of each kind it holds.',
  parameters: z.object({}),
  returns: 'An object { news_sites, articles, blogs, reports }.',
  kind: 'read',
  domain,
  run: () => {
    const { articles } = loadSpaceflight();
    const count = (type: Article['type']) => articles.filter((article) => article.type === type).length;
    return { news_sites: [...NEWS_SITES], articles: count('article'), blogs: count('blog'), reports: count('report') };
  },
});

export const spaceflightTools = [
  getArticles,
  getArticlesPublishedAfter,
  getArticlesPublishedBefore,
  getArticlesPublishedBetween,
  getArticleById,
  getBlogs,
  getReports,
  getInfo,
];
