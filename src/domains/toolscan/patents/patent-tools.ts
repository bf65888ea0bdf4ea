/**
 * The patents environment: nine search APIs whose names differ by one or two tokens
 * (`get_patent_with_title` vs `get_patent_with_title_and_date` vs `get_patent_with_title_gte_date`…),
 * the trap the ToolScan paper reports models falling into. Results are sorted by grant date, then number.
 */
import { z } from 'zod';
import { defineTool, fail } from '../../../tools/index.js';
import { containsText, dateArgument, pageField, pageOf, pageSizeField } from '../environment-data.js';
import { loadPatents, PATENT_CATEGORIES, type Patent } from './patents-data.js';

const FIELDS = [
  'patent_number',
  'patent_title',
  'patent_date',
  'assignee',
  'inventors',
  'category',
  'claims',
  'abstract',
] as const;
const DEFAULT_FIELDS: (typeof FIELDS)[number][] = ['patent_number', 'patent_title', 'patent_date'];

const paging = {
  page: pageField(),
  count: pageSizeField(100),
  fields: z
    .array(z.enum(FIELDS))
    .min(1)
    .default(DEFAULT_FIELDS)
    .describe(`Which fields to return for each patent (default ${DEFAULT_FIELDS.join(', ')}).`),
};
const title = z.string().min(1).describe('Text the patent title must contain (case-insensitive).');
const RETURNS =
  'An object { total, page, page_size, total_pages, results } where results lists the matching patents (only the requested fields), oldest grant first.';

function project(patent: Patent, fields: readonly (typeof FIELDS)[number][]): Record<string, unknown> {
  const full: Record<(typeof FIELDS)[number], unknown> = {
    patent_number: patent.number,
    patent_title: patent.title,
    patent_date: patent.date,
    assignee: patent.assignee,
    inventors: patent.inventors.map((person) => `${person.first_name} ${person.last_name}`),
    category: patent.category,
    claims: patent.claims,
    abstract: patent.abstract,
  };
  return Object.fromEntries(fields.map((field) => [field, full[field]]));
}

function listed(
  filter: (patent: Patent) => boolean,
  args: { page: number; count: number; fields: (typeof FIELDS)[number][] },
) {
  const matches = loadPatents().patents.filter(filter);
  const page = pageOf(matches, args.page, args.count);
  return { ...page, results: page.results.map((patent) => project(patent, args.fields)) };
}

const domain = 'toolscan-patents';

export const getPatentWithTitle = defineTool({
  name: 'get_patent_with_title',
  description: 'Searches granted patents whose title contains the given text.',
  parameters: z.object({ title, ...paging }),
  returns: RETURNS,
  kind: 'read',
  domain,
  run: (args) => listed((patent) => containsText(patent.title, args.title), args),
});

export const getPatentWithTitleAndDate = defineTool({
  name: 'get_patent_with_title_and_date',
  description: 'Searches patents whose title contains the given text and that were granted on exactly the given date.',
  parameters: z.object({ title, date: dateArgument('The grant date'), ...paging }),
  returns: RETURNS,
  kind: 'read',
  domain,
  run: (args) => listed((patent) => containsText(patent.title, args.title) && patent.date === args.date, args),
});

export const getPatentWithTitleGteDate = defineTool({
  name: 'get_patent_with_title_gte_date',
  description: 'Searches patents whose title contains the given text, granted on or after the given date.',
  parameters: z.object({ title, date: dateArgument('The earliest grant date, included'), ...paging }),
  returns: RETURNS,
  kind: 'read',
  domain,
  run: (args) => listed((patent) => containsText(patent.title, args.title) && patent.date >= args.date, args),
});

export const getPatentWithTitleLtDate = defineTool({
  name: 'get_patent_with_title_lt_date',
  description: 'Searches patents whose title contains the given text, granted strictly before the given date.',
  parameters: z.object({ title, date: dateArgument('Only patents granted before this date'), ...paging }),
  returns: RETURNS,
  kind: 'read',
  domain,
  run: (args) => listed((patent) => containsText(patent.title, args.title) && patent.date < args.date, args),
});

export const getPatentWithTitleNot = defineTool({
  name: 'get_patent_with_title_not',
  description: 'Searches patents whose title contains one text but not another.',
  parameters: z.object({
    title,
    excluded: z.string().min(1).describe('Text the title must NOT contain (case-insensitive).'),
    ...paging,
  }),
  returns: RETURNS,
  kind: 'read',
  domain,
  run: (args) =>
    listed((patent) => containsText(patent.title, args.title) && !containsText(patent.title, args.excluded), args),
});

export const getPatentWithDateRange = defineTool({
  name: 'get_patent_with_date_range',
  description: 'Lists patents granted between two dates (both included), optionally of one category.',
  parameters: z.object({
    start_date: dateArgument('First grant date, included'),
    end_date: dateArgument('Last grant date, included'),
    category: z.enum(PATENT_CATEGORIES).optional().describe('Only patents of this technology category.'),
    ...paging,
  }),
  returns: RETURNS,
  kind: 'read',
  domain,
  run: (args) => {
    if (args.end_date < args.start_date) {
      throw fail('invalid-value', 'end_date is before start_date.', 'Give an end_date on or after start_date.');
    }
    return listed(
      (patent) =>
        patent.date >= args.start_date &&
        patent.date <= args.end_date &&
        (args.category === undefined || patent.category === args.category),
      args,
    );
  },
});

export const getPatentWithNumber = defineTool({
  name: 'get_patent_with_number',
  description: 'Gets every field of one patent by its number, e.g. US10120037.',
  parameters: z.object({ patent_number: z.string().min(1).describe('The patent number, e.g. US10120037.') }),
  returns: 'The patent with all fields, or a not-found error.',
  kind: 'read',
  domain,
  run: ({ patent_number }) => {
    const wanted = patent_number.replace(/[\s,]/g, '').toUpperCase();
    const patent = loadPatents().patents.find((candidate) => candidate.number === wanted);
    if (!patent) throw fail('not-found', `No patent has the number ${patent_number}.`);
    return project(patent, [...FIELDS]);
  },
});

export const getPatentWithInventor = defineTool({
  name: 'get_patent_with_inventor',
  description: 'Searches patents that list an inventor with the given last name.',
  parameters: z.object({
    last_name: z.string().min(1).describe("The inventor's last name (case-insensitive, exact)."),
    ...paging,
  }),
  returns: RETURNS,
  kind: 'read',
  domain,
  run: (args) =>
    listed(
      (patent) =>
        patent.inventors.some((person) => person.last_name.toLowerCase() === args.last_name.trim().toLowerCase()),
      args,
    ),
});

export const getPatentWithAssignee = defineTool({
  name: 'get_patent_with_assignee',
  description: 'Searches patents held by an assignee (company), optionally only those granted on or after a date.',
  parameters: z.object({
    assignee: z.string().min(1).describe('Text the assignee name must contain (case-insensitive).'),
    granted_after: dateArgument('Only patents granted on or after this date').optional(),
    ...paging,
  }),
  returns: RETURNS,
  kind: 'read',
  domain,
  run: (args) =>
    listed(
      (patent) =>
        containsText(patent.assignee, args.assignee) &&
        (args.granted_after === undefined || patent.date >= args.granted_after),
      args,
    ),
});

export const patentTools = [
  getPatentWithTitle,
  getPatentWithTitleAndDate,
  getPatentWithTitleGteDate,
  getPatentWithTitleLtDate,
  getPatentWithTitleNot,
  getPatentWithDateRange,
  getPatentWithNumber,
  getPatentWithInventor,
  getPatentWithAssignee,
];
