/**
 * The tools a model is offered for a conversation (`--tooltalk-tools`): `exact` — the tools its ground
 * truth uses; `suite` — every tool of the plugins it uses; `all` — the 28 (the reference's default).
 * The no-documentation ablation (`--tooltalk-no-docs`) blanks the tool and argument descriptions and
 * keeps names, types, enums and which arguments are required. Whatever is offered, every tool can be
 * called: the reference's executor runs any of the 28.
 */

import { TOOLTALK_TOOLS } from '../../domains/tooltalk/index.js';
import type { JsonSchema, ToolSchema } from '../../spec/index.js';
import type { ConversationFile } from './conversation-file.js';
import type { ToolSetChoice } from './tooltalk-option-constants.js';

export function offeredTools(
  conversation: ConversationFile,
  toolSet: ToolSetChoice,
  documentation: boolean,
): ToolSchema[] {
  const used = new Set(
    conversation.conversation.flatMap((turn) => (turn.apis ?? []).map((call) => call.request.api_name)),
  );
  for (const name of conversation.apis_used) used.add(name);
  const suites = new Set(conversation.suites_used);
  const chosen = TOOLTALK_TOOLS.filter((entry) => {
    if (toolSet === 'all') return true;
    if (toolSet === 'exact') return used.has(entry.tool.name);
    return suites.has(entry.suite) || used.has(entry.tool.name);
  });
  return chosen.map(({ tool }) => ({
    name: tool.name,
    description: documentation ? tool.description : '',
    parameters: documentation ? tool.parameters : withoutDescriptions(tool.parameters),
  }));
}

function withoutDescriptions(parameters: JsonSchema): JsonSchema {
  const properties = (parameters.properties ?? {}) as Record<string, Record<string, unknown>>;
  return {
    ...parameters,
    properties: Object.fromEntries(
      Object.entries(properties).map(([name, property]) => [name, { ...property, description: '' }]),
    ),
  };
}
