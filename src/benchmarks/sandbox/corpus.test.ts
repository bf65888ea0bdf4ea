import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { AUGMENTATIONS } from '../../tools/index.js';
import { sandboxCases } from './cases.js';
import { runSandboxCase } from './play.js';
import { ALTERNATIVE_FLOOR, proveScenario } from './prove.js';
import { FLOOR_LIMIT } from './prove-floors.js';
import { proofFigures, renderProofFigures } from './prove-summary.js';
import { BUILT_IN_SCENARIOS, loadScenarios } from './scenario-loader.js';
import { UnhelpfulAgent } from './unhelpful-agent.js';

const { scenarios, problems } = await loadScenarios([fileURLToPath(BUILT_IN_SCENARIOS)]);

/** The paper's scenario counts per category, out of its 129 hand-written scenarios (Table 6 ÷ 8). */
const PAPER = {
  single_tool_call: 19,
  multiple_tool_call: 82,
  single_user_turn: 73,
  multiple_user_turn: 28,
  state_dependency: 24,
  canonicalization: 59,
  insufficient_information: 28,
};

describe('the built-in sandbox corpus', () => {
  it('has at least 130 valid scenarios and 1,040 cases over the nine augmentations', () => {
    expect(problems).toEqual([]);
    expect(scenarios.length).toBeGreaterThanOrEqual(130);
    const cases = sandboxCases(scenarios);
    expect(cases.length).toBeGreaterThanOrEqual(1040);
    expect(new Set(cases.map((sandboxCase) => sandboxCase.augmentation))).toEqual(new Set(AUGMENTATIONS));
    expect(new Set(cases.map((sandboxCase) => sandboxCase.id)).size).toBe(cases.length);
  });

  it("covers the paper's categories in its proportions (within one scenario: the call categories partition the corpus)", () => {
    for (const [category, paperCount] of Object.entries(PAPER)) {
      const count = scenarios.filter((scenario) => scenario.categories.includes(category as never)).length;
      expect(count / scenarios.length, category).toBeGreaterThanOrEqual(paperCount / 129 - 1 / scenarios.length);
    }
    const lowBattery = scenarios.filter((scenario) => scenario.preset === 'base-low-battery');
    expect(lowBattery.length).toBeGreaterThanOrEqual(4);
    expect(scenarios.every((scenario) => scenario.user.paraphrases.length >= 1)).toBe(true);
  });

  it('proves every scenario: gold scores 1 on every case, each wrong solution less, trivial agents below the floor limit, every lie 0', {
    timeout: 240_000,
  }, async () => {
    const failures: string[] = [];
    const proofs = [];
    for (const scenario of scenarios) {
      const proof = await proveScenario(scenario);
      proofs.push(proof);
      failures.push(...proof.problems.map((problem) => `${scenario.id}: ${problem}`));
    }
    const insufficient = new Set(
      scenarios
        .filter((scenario) => scenario.categories.includes('insufficient_information'))
        .map((scenario) => scenario.id),
    );
    const figures = proofFigures(
      proofs.map((proof) => ({
        ...proof,
        ok: proof.problems.length === 0,
        wrong: proof.wrong.map((wrong) => wrong.score),
      })),
      insufficient,
    );
    console.log(renderProofFigures(figures).join('\n'));
    expect(failures).toEqual([]);
    for (const floor of Object.values(figures.floors)) expect(floor.highest).toBeLessThan(FLOOR_LIMIT);
    expect(figures.liars.scenarios).toBe(insufficient.size);
    expect(figures.liars.highest).toBe(0);
    expect(figures.facts.checked).toBeGreaterThan(0);
    expect(figures.alternatives.played).toBeGreaterThan(0);
    expect(figures.alternatives.lowest).toBeGreaterThanOrEqual(ALTERNATIVE_FLOOR);
    expect(figures.wrong.played).toBeGreaterThanOrEqual(scenarios.length);
    expect(figures.wrong.perfect).toBe(0);
    expect(figures.confirmFirst.played).toBeGreaterThan(0);
    expect(figures.confirmFirst.lowest).toBeGreaterThanOrEqual(ALTERNATIVE_FLOOR);
  });

  it('gives the unhelpful agent near 0 everywhere but insufficient information, where it scores 1', async () => {
    const byCategory = new Map<string, number[]>();
    for (const sandboxCase of sandboxCases(scenarios, ['distraction-0'])) {
      const { score } = await runSandboxCase({ sandboxCase, agent: new UnhelpfulAgent() });
      const key = sandboxCase.scenario.categories.includes('insufficient_information') ? 'insufficient' : 'other';
      byCategory.set(key, [...(byCategory.get(key) ?? []), score.score]);
    }
    const mean = (values: number[] = []) => values.reduce((sum, value) => sum + value, 0) / values.length;
    expect(mean(byCategory.get('insufficient'))).toBe(1);
    expect(mean(byCategory.get('other'))).toBeLessThan(0.05);
  });
});
