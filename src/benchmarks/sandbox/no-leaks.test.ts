import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { presentCallsFor, SolutionAgent } from '../../agents/index.js';
import { argumentProperties } from '../../tools/augmentations/argument-properties.js';
import { sandboxCases } from './cases.js';
import { runSandboxCase, sandboxToolSet } from './play.js';
import { sandboxToolkit } from './sandbox-toolkit.js';
import { BUILT_IN_SCENARIOS, loadScenarios } from './scenario-loader.js';
import { withheldTools } from './withheld-information.js';

const { scenarios } = await loadScenarios([fileURLToPath(BUILT_IN_SCENARIOS)]);
const agentTools = sandboxToolkit()
  .registry.forRole('agent')
  .map((tool) => tool.name);
const mentions = (text: string, name: string) => new RegExp(`\\b${name}\\b`).test(text);

describe('what the agent is shown', () => {
  it('names tools only as the agent sees them, and never a tool it was not given', () => {
    const leaks: string[] = [];
    for (const sandboxCase of sandboxCases(scenarios, ['distraction-0', 'scrambled-tool-name', 'scrambled-arg-name'])) {
      const tools = sandboxToolSet(sandboxCase);
      const shown = new Set(tools.views.map((view) => view.schema.name));
      for (const view of tools.views) {
        const text = JSON.stringify(view.schema);
        for (const name of agentTools) {
          if (!shown.has(name) && mentions(text, name))
            leaks.push(`${sandboxCase.id}: ${view.schema.name} names ${name}`);
        }
        for (const [shownName, realName] of view.argumentNames ?? []) {
          if (realName.includes('_') && mentions(view.schema.description, realName))
            leaks.push(`${sandboxCase.id}: ${view.schema.name} describes argument ${realName} (shown ${shownName})`);
        }
        if (view.argumentNames?.size) expect(argumentProperties(view.schema.parameters)[0]?.[0]).toMatch(/^arg_/);
      }
    }
    expect(leaks).toEqual([]);
  });

  it('speaks scrambled names in error hints, and drops hints about a withheld tool', async () => {
    const texts = async (id: string, augmentation: 'distraction-0' | 'scrambled-tool-name' | 'scrambled-arg-name') => {
      const sandboxCase = sandboxCases(
        scenarios.filter((scenario) => scenario.id === id),
        [augmentation],
      )[0];
      if (!sandboxCase) throw new Error(`no scenario ${id}`);
      const tools = sandboxToolSet(sandboxCase);
      const agent = new SolutionAgent(sandboxCase.scenario.gold, 'gold', presentCallsFor(tools));
      const { trajectory } = await runSandboxCase({ sandboxCase, agent });
      const errors = trajectory.messages.flatMap((message) =>
        message.type === 'tool-result' && message.outcome.type === 'error'
          ? [`${message.outcome.error.message} ${message.outcome.error.hint ?? ''}`]
          : [],
      );
      return { errors, tools };
    };
    const scrambled = await texts('phone-send-message-cellular-off', 'scrambled-tool-name');
    expect(scrambled.errors.length).toBeGreaterThan(0);
    const cellularSwitch = scrambled.tools.views.find((view) => view.tool.name === 'set_cellular_service_status');
    expect(scrambled.errors.join(' ')).toContain(`${cellularSwitch?.schema.name}(on=true)`);
    for (const name of agentTools) expect(mentions(scrambled.errors.join(' '), name), name).toBe(false);

    const argNames = await texts('phone-send-message-cellular-off', 'scrambled-arg-name');
    expect(argNames.errors.join(' ')).toMatch(/set_cellular_service_status\(arg_0=true\)/);

    const withheld = await texts('mix-insuff-sap-text-cellular-switch-denied', 'distraction-0');
    expect(withheld.errors.join(' ')).toMatch(/Cellular service is off/);
    expect(withheld.errors.join(' ')).not.toMatch(/set_cellular_service_status/);
  });

  it('never offers a distraction that hands over what the scenario withholds (a dated forecast in a no-clock scenario)', () => {
    const noClock = scenarios.filter((scenario) => scenario.deny.includes('get_current_timestamp'));
    expect(noClock.length).toBeGreaterThanOrEqual(3);
    for (const sandboxCase of sandboxCases(noClock, ['distraction-10', 'distraction-all'])) {
      const offered = sandboxToolSet(sandboxCase).views.map((view) => view.tool.name);
      expect(offered, sandboxCase.id).not.toContain('search_weather_around_lat_lon');
      expect(offered, sandboxCase.id).not.toContain('get_current_timestamp');
    }
    for (const sandboxCase of sandboxCases(scenarios, ['distraction-all'])) {
      const offered = new Set(sandboxToolSet(sandboxCase).views.map((view) => view.tool.name));
      const { deny, allow } = sandboxCase.scenario;
      for (const name of withheldTools(deny, allow))
        expect(offered.has(name), `${sandboxCase.id}: ${name}`).toBe(false);
    }
  });
});
