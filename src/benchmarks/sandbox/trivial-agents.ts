import type { Agent, Turn, TurnRequest } from '../../spec/index.js';
import type { ToolSet } from '../../tools/index.js';

/**
 * Agents that do not try, for the floors `validate --prove` checks: a scenario where one of them scores
 * 0.3 or more (outside insufficient information, where doing nothing is right) rewards something other
 * than solving it. Each ends with a bland text, so the scripted user ends the conversation.
 */
export type TrivialAgentName =
  | 'do-nothing'
  | 'echo'
  | 'read-everything'
  | 'switch-everything-on'
  | 'switch-read-claim-done';
export const TRIVIAL_AGENTS: readonly TrivialAgentName[] = [
  'do-nothing',
  'echo',
  'read-everything',
  'switch-everything-on',
  'switch-read-claim-done',
];

/** The switches and the state that enables everything: radios on, low battery mode off (first). */
const ENABLED: readonly (readonly [string, boolean])[] = [
  ['set_low_battery_mode_status', false],
  ['set_wifi_status', true],
  ['set_cellular_service_status', true],
  ['set_location_service_status', true],
];

export function trivialAgent(name: TrivialAgentName, tools: ToolSet): Agent {
  switch (name) {
    case 'do-nothing':
      return scripted(name, () => [], 'Okay.');
    case 'echo':
      return {
        name,
        async respond(request: TurnRequest): Promise<Turn> {
          const heard = [...request.messages]
            .reverse()
            .find((message) => message.type === 'text' && message.sender === 'user');
          return { type: 'text', text: heard?.type === 'text' ? heard.text : 'Okay.' };
        },
      };
    case 'read-everything':
      return scripted(name, () => readEverything(tools), 'Okay.');
    case 'switch-everything-on':
      return scripted(name, () => switchEverythingOn(tools), 'Done.');
    case 'switch-read-claim-done': {
      // Everything the others do, then a claim of success in the user's own words: "Done! <request>".
      const turns = [...switchEverythingOn(tools), ...readEverything(tools)];
      let next = 0;
      return {
        name,
        async respond(request: TurnRequest): Promise<Turn> {
          const turn = turns[next];
          next += 1;
          if (turn) return turn;
          const asked = request.messages.find((message) => message.type === 'text' && message.sender === 'user');
          return { type: 'text', text: `Done! ${asked?.type === 'text' ? asked.text : ''}`.trim() };
        },
      };
    }
  }
}

/** Every read tool that can be called without arguments, at once. */
function readEverything(tools: ToolSet): Turn[] {
  const reads = tools.views.filter(
    (view) => view.tool.kind === 'read' && !((view.schema.parameters.required as unknown[] | undefined)?.length ?? 0),
  );
  return reads.length === 0
    ? []
    : [
        {
          type: 'tool-calls',
          calls: reads.map((view, index) => ({ id: `read-${index}`, name: view.schema.name, arguments: {} })),
        },
      ];
}

/** Low battery mode off, then every radio on, one call a turn. */
function switchEverythingOn(tools: ToolSet): Turn[] {
  const shown = new Map(tools.views.map((view) => [view.tool.name, view.schema.name]));
  return ENABLED.filter(([tool]) => shown.has(tool)).map(([tool, on], index) => ({
    type: 'tool-calls',
    calls: [{ id: `switch-${index}`, name: shown.get(tool) as string, arguments: { on } }],
  }));
}

function scripted(name: string, turns: () => readonly Turn[], closing: string): Agent {
  let next = 0;
  return {
    name,
    async respond(): Promise<Turn> {
      const turn = turns()[next];
      next += 1;
      if (turn) return turn;
      return { type: 'text', text: closing };
    },
  };
}
