import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { answerMatches } from './answer-check.js';
import { apiNameSimilarity, refinedTokens } from './api-similarity.js';
import { type AnswerSpec, queryFileJsonSchema } from './cases.js';
import { TOOLSCAN_ENVIRONMENT_APIS } from './environment-apis.js';
import { loadToolscanQueries } from './load-cases.js';

const good = {
  id: 'q-good',
  goal: 'What is the elevation of Vienna in metres?',
  augmentation: 'constraint',
  trajectories: [
    [
      { api: 'get_latitude_longitude', arguments: { name: 'Vienna' } },
      { api: 'get_elevation', arguments: { latitude: { $near: 48.2, tolerance: 0.05 }, longitude: 16.37 } },
    ],
  ],
  answer: { type: 'number', value: 190, tolerance: 0.5 },
};

function writeFile(queries: unknown[], environment = 'weather'): string {
  const folder = mkdtempSync(join(tmpdir(), 'toolscan-'));
  const path = join(folder, 'mine.json');
  writeFileSync(path, JSON.stringify({ formatVersion: 1, environment, queries }));
  return path;
}

describe('ToolScan query loader', () => {
  it('reports each bad query with its file and field, skips it, and loads the rest', () => {
    const path = writeFile([
      good,
      { ...good, id: 'q-no-trajectory', trajectories: [[{ arguments: {} }]] },
      { ...good, id: 'q-unknown-api', trajectories: [[{ api: 'get_elevations', arguments: {} }]] },
      {
        ...good,
        id: 'q-unknown-arg',
        trajectories: [[{ api: 'get_latitude_longitude', arguments: { city: 'Vienna' } }]],
      },
      {
        ...good,
        id: 'q-bad-type',
        trajectories: [[{ api: 'get_elevation', arguments: { latitude: '48', longitude: 16 } }]],
      },
      { ...good, id: 'q-answer', answer: { type: 'number', value: 'high', tolerance: 0 } },
      { ...good, id: 'q-answer-kind', answer: { type: 'vibe', value: 'x' } },
      good,
    ]);
    const loaded = loadToolscanQueries(path, 'all');
    expect(loaded.cases.map((item) => item.id)).toEqual(['q-good']);
    const byCase = Object.fromEntries(loaded.problems.map((problem) => [problem.caseId ?? '?', problem]));
    expect(byCase['q-no-trajectory']?.field).toBe('queries[1].trajectories[0][0].api');
    expect(byCase['q-unknown-api']).toMatchObject({ field: 'queries[2].trajectories[0][0].api' });
    expect(byCase['q-unknown-api']?.message).toContain('get_elevation');
    expect(byCase['q-unknown-arg']?.field).toBe('queries[3].trajectories[0][0].arguments');
    expect(byCase['q-unknown-arg']?.message).toContain('"name"');
    expect(byCase['q-bad-type']?.message).toContain('must be a number');
    expect(byCase['q-answer']?.field).toBe('queries[5].answer.value');
    expect(byCase['q-answer-kind']?.field).toMatch(/^queries\[6\]\.answer/);
    expect(loaded.problems.find((problem) => problem.message.includes('already used'))?.caseId).toBe('q-good');
    for (const problem of loaded.problems) expect(problem.file).toContain('mine.json');
  });

  it('rejects a file for an unknown environment with the field named', () => {
    const loaded = loadToolscanQueries(writeFile([good], 'stock-market'), 'all');
    expect(loaded.cases).toEqual([]);
    expect(loaded.problems).toMatchObject([{ field: 'environment' }]);
  });

  it('keeps the committed JSON Schema in step with the format', () => {
    const committed = JSON.parse(
      readFileSync(new URL('../../../data/toolscan/query.schema.json', import.meta.url), 'utf8'),
    );
    expect(committed).toEqual(queryFileJsonSchema());
  });
});

describe('ToolScan answers and API similarity', () => {
  it('compares numbers with tolerance, sets in any order, strings after normalisation', () => {
    const number = { type: 'number', value: 16791.3, tolerance: 168 } as const;
    expect(answerMatches(number, 16800)).toBe(true);
    expect(answerMatches(number, 'About 16,750 km')).toBe(true);
    expect(answerMatches(number, 'From 2019: 16,750 km')).toBe(false);
    expect(answerMatches(number, 17000)).toBe(false);
    // A number the query states may stand beside the answer; any other number may not.
    const runtime = { type: 'number', value: 166, tolerance: 0 } as const;
    const goal = 'What is the runtime in minutes of the 2018 film "The Silent Mirror"?';
    expect(answerMatches(runtime, 'The 2018 film runs 166 minutes.', goal)).toBe(true);
    expect(answerMatches(runtime, 'The 2019 film runs 166 minutes.', goal)).toBe(false);
    expect(answerMatches(runtime, 'The 2018 film.', goal)).toBe(false);
    const set: AnswerSpec = { type: 'set', values: ['US10120000', 'US10120037'] };
    expect(answerMatches(set, ['us10120037', 'US10120000'])).toBe(true);
    expect(answerMatches(set, 'US10120037, US10120000')).toBe(true);
    expect(answerMatches(set, ['US10120037'])).toBe(false);
    const text = { type: 'string', value: '2-1' } as const;
    expect(answerMatches(text, '2 - 1')).toBe(true);
    expect(answerMatches(text, '1-2')).toBe(false);
    expect(answerMatches({ type: 'string', value: 'Zurich' }, 'Zürich')).toBe(true);
    // Declining an irrelevant request in another sentence does not fail a string answer.
    const director = { type: 'string', value: 'Yusuf Eastwood' } as const;
    expect(answerMatches(director, 'Yusuf Eastwood. I cannot email your manager.')).toBe(true);
    expect(answerMatches(director, 'Not Yusuf Eastwood, I think.')).toBe(false);
  });

  it("computes the paper's Appendix B.4 example", () => {
    const patent = [
      'get_patent_with_title',
      'get_patent_with_title_and_date',
      'get_patent_with_title_lte',
      'get_patent_with_title_neq',
      'get_patent_with_title_eq',
    ];
    // The example's refinement: patent_title, patent_title_date, patent_title_lte, patent_title_neq,
    // patent_title_eq. The first with each other: 2/3 (4 pairs); the other four among themselves: 2/4 (6 pairs).
    expect([...refinedTokens('get_patent_with_title_and_date')]).toEqual(['patent', 'title', 'date']);
    expect(apiNameSimilarity(patent)).toBeCloseTo((4 * (2 / 3) + 6 * 0.5) / 10);
    expect(apiNameSimilarity(['get_a_b', 'get_c_d'])).toBe(0);
    expect(apiNameSimilarity(['list_teams', 'search_team'])).toBe(0);
    // The built-in environments: patents, the look-alike trap, first.
    const similarity = Object.fromEntries(
      TOOLSCAN_ENVIRONMENT_APIS.map((environment) => [environment.id, apiNameSimilarity(environment.apis)]),
    );
    const ranked = Object.entries(similarity).sort(([, a], [, b]) => b - a);
    expect(ranked[0]?.[0]).toBe('patents');
  });
});
