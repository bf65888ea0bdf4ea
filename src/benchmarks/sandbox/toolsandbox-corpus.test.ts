/**
 * The ToolSandbox corpus (data/sandbox/corpora/toolsandbox, `--corpus toolsandbox`): the paper's 129
 * scenarios × 8 augmentations, written by scripts/port-toolsandbox.py from the reference repository.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { SolutionAgent } from '../../agents/solution-agent.js';
import { aggregateSandbox } from './aggregate.js';
import { sandboxCases } from './cases.js';
import { NAMED_CORPORA } from './corpus-manifest.js';
import { loadSandboxCases } from './load-cases.js';
import { runSandboxCase, sandboxToolSet, scenarioRows, seededMessages } from './play.js';
import { loadScenarios } from './scenario-loader.js';
import { scoringProfileOf } from './scoring-option.js';

const folder = fileURLToPath(NAMED_CORPORA.toolsandbox as URL);
const { scenarios, problems } = await loadScenarios([folder]);

const PAPER_AUGMENTATIONS = [
  'distraction-0',
  'distraction-3',
  'distraction-10',
  'distraction-all',
  'scrambled-tool-name',
  'scrambled-tool-description',
  'scrambled-arg-description',
  'scrambled-arg-type',
];

/** The paper's scenario counts per category (Table 6 ÷ 8). */
const PAPER_CATEGORIES = {
  single_tool_call: 19,
  multiple_tool_call: 82,
  single_user_turn: 73,
  multiple_user_turn: 28,
  state_dependency: 24,
  canonicalization: 59,
  insufficient_information: 28,
};

describe('the ToolSandbox corpus', () => {
  it("holds the paper's 129 scenarios under their original names, 1,032 cases over its 8 augmentations", () => {
    expect(problems).toEqual([]);
    expect(scenarios).toHaveLength(129);
    expect(scenarios.map((scenario) => scenario.id)).toContain('send_message_with_phone_number_and_content');
    const cases = sandboxCases(scenarios);
    expect(cases).toHaveLength(1032);
    expect([...new Set(cases.map((sandboxCase) => sandboxCase.augmentation))]).toEqual(PAPER_AUGMENTATIONS);
    for (const [category, count] of Object.entries(PAPER_CATEGORIES)) {
      expect(scenarios.filter((scenario) => scenario.categories.includes(category as never)).length, category).toBe(
        count,
      );
    }
  });

  it('is what --corpus toolsandbox loads, and is scored by the paper rules unless --scoring says otherwise', async () => {
    const loaded = await loadSandboxCases({ options: { corpus: 'toolsandbox' } } as never);
    expect(loaded.cases).toHaveLength(1032);
    expect(loaded.source).toBe('corpus:toolsandbox');
    const scenario = loaded.cases[0]?.scenario;
    expect(scoringProfileOf({}, scenario)).toBe('paper');
    expect(scoringProfileOf({ scoring: 'facts' }, scenario)).toBe('facts');
    expect(scoringProfileOf({}, undefined)).toBe('facts');
  });

  it('keeps a scenario file named on its own in its corpus (the manifest two folders up)', async () => {
    const one = await loadScenarios([
      join(folder, 'insufficient_information', 'find_current_city_insufficient_information.yaml'),
    ]);
    expect(one.problems).toEqual([]);
    expect(one.scenarios[0]?.corpus?.name).toBe('toolsandbox');
  });

  it("ranks distraction tools by the reference's modules: holidays sit with the time tools in `utilities`", () => {
    const scenario = scenarios.find((candidate) => candidate.id === 'find_thanksgiving_timestamp');
    const [three] = sandboxCases([scenario as never], ['distraction-3']);
    const offered = sandboxToolSet(three as never).views.map((view) => view.tool.name);
    const distractions = offered.filter((name) => name !== 'search_holiday');
    expect(distractions).toHaveLength(3);
    // By toolgauge's own domains (holiday alone) the three would come from anywhere by name similarity.
    for (const name of distractions) expect(scenario?.corpus?.distractionGroups?.[name], name).toBe('utilities');
  });

  it("builds the reference's base worlds around the episode clock, as it builds them around datetime.now()", () => {
    const scenario = scenarios.find((candidate) => candidate.id === 'send_message_with_phone_number_and_content');
    const wifiOff = scenarios.find((candidate) => candidate.preset === 'base_wifi_off');
    if (!scenario || !wifiOff) throw new Error('corpus scenarios missing');
    const rows = scenarioRows(scenario);
    expect([rows.contacts?.length, rows.messages?.length, rows.reminders?.length]).toEqual([4, 5, 3]);
    expect(rows.settings?.[0]).toMatchObject({ wifi: true, cellular: true, latitude: 37.334606 });
    expect(scenarioRows(wifiOff).settings?.[0]).toMatchObject({ wifi: false, cellular: true });
    // "Good, keep me posted" came a minute and two seconds before now; a later clock moves it along.
    const latest = (world: typeof rows) => world.messages?.find((row) => row.content === 'Good, keep me posted');
    expect(latest(rows)?.creation_timestamp).toBe(scenario.clock.now - 62);
    const later = scenarioRows({ ...scenario, clock: { ...scenario.clock, now: scenario.clock.now + 86_400 } });
    expect(latest(later)?.creation_timestamp).toBe(scenario.clock.now + 86_400 - 62);
  });

  it("briefs the simulated user with the paper's own system message: its instruction, then the task", () => {
    const scenario = scenarios.find((candidate) => candidate.id === 'cellular_off');
    const [prompt, briefing] = seededMessages(scenario as never, 'Turn off cellular');
    // The agent gets the paper's minimalist prompt, from the reference's base world.
    expect((prompt as { text: string }).text).toMatch(
      /^Don't make assumptions about what values to plug into functions/,
    );
    expect(briefing).toMatchObject({ sender: 'system', recipient: 'user' });
    const text = (briefing as { text: string }).text;
    expect(
      text.startsWith('\nYou are no longer an assistant.') || text.startsWith('You are no longer an assistant.'),
    ).toBe(true);
    expect(text.endsWith('task you (User A) want User B to complete: Turn off cellular service')).toBe(true);
  });

  it('names the corpus and the scoring profile beside every report table (old runs without the labels: nothing)', () => {
    const episode = (labels: Record<string, string>) => ({
      caseId: 'cellular_off/distraction-0',
      trial: 0,
      status: 'scored' as const,
      metrics: { score: 1, turnCount: 2 },
      labels: { categories: ['single_tool_call'], augmentation: 'distraction-0', ...labels },
    });
    const titled = aggregateSandbox([episode({ corpus: 'toolsandbox', scoring: 'paper' })]).tables ?? [];
    expect(titled.map((table) => table.title.endsWith(' — corpus toolsandbox, scoring paper'))).toEqual([
      true,
      true,
      true,
    ]);
    const builtIn = aggregateSandbox([episode({ scoring: 'facts' })]).tables ?? [];
    expect(builtIn[0]?.title.endsWith(' — scoring facts')).toBe(true);
    const old = aggregateSandbox([episode({})]).tables ?? [];
    expect(old[2]?.title).toBe('Mean turn count (ToolSandbox Table 11)');
  });

  it('gold scores 1 (under both profiles) and a wrong solution less, on every original case', async () => {
    const failures: string[] = [];
    for (const sandboxCase of sandboxCases(scenarios, ['distraction-0'])) {
      const { scenario } = sandboxCase;
      const gold = await runSandboxCase({
        sandboxCase,
        agent: new SolutionAgent(scenario.gold, 'gold'),
        scoring: 'paper',
      });
      if (gold.score.score !== 1) failures.push(`${scenario.id}: gold ${gold.score.score}`);
      // The default profile's judgement applies too (`--scoring facts`): no claim the world does not show.
      const facts = await runSandboxCase({
        sandboxCase,
        agent: new SolutionAgent(scenario.gold, 'gold'),
        scoring: 'facts',
      });
      if (facts.score.score !== 1) failures.push(`${scenario.id}: gold ${facts.score.score} under facts`);
      const scores = await Promise.all(
        scenario.wrong.map(
          async (solution) =>
            (await runSandboxCase({ sandboxCase, agent: new SolutionAgent(solution, 'wrong'), scoring: 'paper' })).score
              .score,
        ),
      );
      if (Math.min(...scores) >= 1) failures.push(`${scenario.id}: every wrong solution scores 1`);
    }
    expect(failures).toEqual([]);
  }, 120_000);
});

const reference = [resolve(process.cwd(), '../shared/data/toolsandbox'), '/work/shared/data/toolsandbox'].find((path) =>
  existsSync(resolve(path, 'tool_sandbox/scenarios')),
);

describe('the ToolSandbox corpus against its source', () => {
  it('equals what scripts/port-toolsandbox.py writes from the reference repository', ({ skip }) => {
    const absent =
      'ToolSandbox corpus check skipped: the reference repository (../shared/data/toolsandbox, apple/ToolSandbox 165848b) is absent here';
    if (!reference) console.warn(absent);
    skip(!reference, absent);
    const script = fileURLToPath(new URL('../../../scripts/port-toolsandbox.py', import.meta.url));
    // Exit 1 with the differing files on stderr when the committed files are not the script's output.
    const output = execFileSync('/usr/bin/python3', [script, '--check', '--reference', reference as string], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    expect(output).toBe('');
  }, 60_000);
});
