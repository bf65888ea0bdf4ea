import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse, stringify } from 'yaml';
import { scenarioFileJsonSchema } from './scenario-file.js';
import { loadScenarioFile, loadScenarios } from './scenario-loader.js';

const example = fileURLToPath(
  new URL('../../../data/sandbox/scenarios/phone/phone-send-message-cellular-off.yaml', import.meta.url),
);

// biome-ignore lint/suspicious/noExplicitAny: the tests edit parsed YAML freely to break it on purpose.
type EditableScenario = Record<string, any>;

/** Writes the example with a change applied and loads it. */
async function loadVariant(change: (scenario: EditableScenario) => void, name = 'variant.yaml') {
  const scenario = parse(await readFile(example, 'utf8'));
  change(scenario);
  const file = join(await mkdtemp(join(tmpdir(), 'scenario-')), name);
  await writeFile(file, name.endsWith('.json') ? JSON.stringify(scenario) : stringify(scenario));
  return loadScenarioFile(file);
}

const problemsOf = async (change: (scenario: EditableScenario) => void) =>
  (await loadVariant(change)).problems.map((problem) => `${problem.path}: ${problem.message}`);

describe('scenario files', () => {
  it('loads the example, resolving times and solutions', async () => {
    const { scenario, problems } = await loadScenarioFile(example);
    expect(problems).toEqual([]);
    expect(scenario?.clock).toEqual({
      now: Date.parse('2026-03-14T09:30:00-07:00') / 1000,
      timeZone: 'America/Los_Angeles',
    });
    expect(scenario?.gold[0]).toMatchObject({ type: 'tool-calls', calls: [{ id: 'gold-0', name: 'search_contacts' }] });
    expect(scenario?.milestones.edges).toHaveLength(3);
  });

  it('resolves $localTime in the scenario time zone', async () => {
    const { scenario } = await loadVariant((s) => {
      s.milestones[0].constraints = [
        { type: 'table', table: 'reminders', rows: [{ reminder_timestamp: { $localTime: '2026-03-15T17:00' } }] },
      ];
    });
    const constraint = scenario?.milestones.milestones[0]?.constraints[0];
    expect(constraint?.type === 'table' && constraint.rows[0]?.reminder_timestamp).toBe(
      Date.parse('2026-03-15T17:00:00-07:00') / 1000,
    );
  });

  it('reports schema errors with the field path', async () => {
    expect(await problemsOf((s) => (s.categories = ['telepathy']))).toEqual([
      expect.stringMatching(/^categories\.0: /),
    ]);
    expect(await problemsOf((s) => delete s.user.goal)).toEqual([expect.stringMatching(/^user\.goal: /)]);
    expect(await problemsOf((s) => (s.milestones[1].constraints[0].type = 'vibe'))).toEqual([
      expect.stringMatching(/^milestones\.1\.constraints\.0\.type: /),
    ]);
  });

  it('reports unknown tools, tables, columns and presets', async () => {
    expect(await problemsOf((s) => (s.world.preset = 'moon-base'))).toEqual([
      expect.stringMatching(/^world\.preset: unknown preset "moon-base"/),
    ]);
    expect(await problemsOf((s) => s.tools.allow.push('teleport'))).toEqual([
      expect.stringMatching(/^tools\.allow\.4: unknown tool "teleport"/),
    ]);
    expect(await problemsOf((s) => (s.milestones[0].constraints[0].table = 'spaceships'))).toEqual([
      expect.stringMatching(/^milestones\.0\.constraints\.0\.table: unknown table "spaceships"/),
    ]);
    expect(await problemsOf((s) => (s.milestones[2].constraints[0].rows[0].colour = 'red'))).toEqual([
      expect.stringMatching(/^milestones\.2\.constraints\.0\.rows\.0\.colour: table "messages" has no column "colour"/),
    ]);
  });

  it('reports a cycle, an edge to an unknown milestone and a reference to a non-ancestor', async () => {
    expect(await problemsOf((s) => s.edges.push(['told-user', 'cellular-on']))).toEqual([
      expect.stringMatching(/^edges: .*cycle/),
    ]);
    expect(await problemsOf((s) => delete s.edges)).toEqual([
      expect.stringMatching(/^edges: 4 milestones but no `edges`/),
    ]);
    expect(await problemsOf((s) => (s.edges = []))).toEqual([]);
    expect(await problemsOf((s) => s.edges.push(['ghost', 'told-user']))).toContain(
      'edges.3.0: edge names unknown milestone "ghost"',
    );
    expect(
      await problemsOf((s) => {
        s.milestones[3].constraints[0].text = 'Sent at {{found-daniel.0.phone_number}} and {{cellular-on}}';
        s.edges = [['found-daniel', 'told-user']];
      }),
    ).toEqual([expect.stringMatching(/^milestones\.3: "told-user" reads "cellular-on", which must come before it/)]);
  });

  it('reports a gold solution that calls a denied tool or does not fit the scripted user', async () => {
    expect(await problemsOf((s) => (s.tools.deny = ['search_contacts']))).toEqual(
      expect.arrayContaining([
        'solutions.gold.0.call.0.tool: the gold solution calls "search_contacts", which the scenario denies',
      ]),
    );
    expect(await problemsOf((s) => s.solutions.gold.push({ say: 'And another thing.' }))).toEqual([
      expect.stringMatching(
        /^solutions\.gold: the gold solution talks to the user 2 times but the scripted user has 0 replies/,
      ),
    ]);
  });

  it('scores insufficient-information scenarios by their minefields alone', async () => {
    expect(await problemsOf((s) => (s.categories = ['insufficient_information']))).toEqual([
      'minefields: an insufficient-information scenario needs minefields: they are what it is scored by',
      'milestones.0.scored: milestones of an insufficient-information scenario are not counted: add `scored: false`',
      'milestones.1.scored: milestones of an insufficient-information scenario are not counted: add `scored: false`',
      'milestones.2.scored: milestones of an insufficient-information scenario are not counted: add `scored: false`',
      'milestones.3.scored: milestones of an insufficient-information scenario are not counted: add `scored: false`',
    ]);
    expect(
      await problemsOf((s) => {
        for (const milestone of s.milestones) milestone.scored = false;
      }),
    ).toEqual([
      'milestones: at least one milestone must be counted (only insufficient-information scenarios have none)',
    ]);
  });

  it('accepts an absent fact (one word or a list) and reports an empty one at its path', async () => {
    const withAbsent = (absent: unknown) => (s: EditableScenario) => {
      s.milestones[3].constraints[0].facts.push({ absent });
    };
    const { scenario, problems } = await loadVariant(withAbsent(['Leo', 'Tom Lindqvist']));
    expect(problems).toEqual([]);
    const told = scenario?.milestones.milestones[3]?.constraints[0];
    expect(told?.type === 'message' && told.facts).toContainEqual({ absent: ['Leo', 'Tom Lindqvist'] });
    expect(await problemsOf(withAbsent('Leo'))).toEqual([]);
    expect(await problemsOf(withAbsent([]))).toEqual([
      expect.stringMatching(/^milestones\.3\.constraints\.0\.facts\.\d+\.absent: /),
    ]);
  });

  it('rejects non-binary minefields', async () => {
    expect(
      await problemsOf(
        (s) => (s.minefields = [{ id: 'boom', constraints: [{ type: 'message', from: 'agent', text: 'whatever' }] }]),
      ),
    ).toEqual([
      'minefields.0.constraints.0.similarity: a minefield message must use `contains` or `exact`, not rouge-l',
    ]);
  });

  it('reads JSON as well, reports unparsable files, and keeps loading the rest', async () => {
    expect((await loadVariant(() => {}, 'same.json')).problems).toEqual([]);
    const folder = await mkdtemp(join(tmpdir(), 'corpus-'));
    await writeFile(join(folder, 'broken.yaml'), 'id: [unclosed');
    await writeFile(join(folder, 'good.yaml'), await readFile(example, 'utf8'));
    await writeFile(join(folder, 'twin.yaml'), await readFile(example, 'utf8'));
    const { scenarios, problems } = await loadScenarios([folder]);
    expect(scenarios.map((scenario) => scenario.id)).toEqual(['phone-send-message-cellular-off']);
    expect(problems.map((problem) => [problem.file.split('/').pop(), problem.path])).toEqual([
      ['broken.yaml', ''],
      ['twin.yaml', 'id'],
    ]);
    expect(problems[0]?.message).toMatch(/^not valid YAML: .* at line 1, column \d+/);
  });

  it('exports a JSON Schema for editors', () => {
    const schema = scenarioFileJsonSchema();
    expect(schema).toMatchObject({
      type: 'object',
      required: expect.arrayContaining(['id', 'milestones', 'solutions']),
    });
  });
});
