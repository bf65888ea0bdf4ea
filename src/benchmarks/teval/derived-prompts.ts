/**
 * The prompts of the items toolgauge derives from its own tool corpora, in toolgauge's own words. They ask
 * for the same answers as T-Eval's prompts (a plan list, a next step, a call in a template, an A–E review),
 * so the same evaluators score them.
 */
import type { JsonSchema, ToolSchema } from '../../spec/index.js';

/** One tool's documentation as the derived prompts show it. */
export function describeTool(tool: ToolSchema): string {
  const properties = (tool.parameters.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((tool.parameters.required ?? []) as string[]);
  const parameters = Object.entries(properties).map(([name, schema]) => {
    const type = typeof schema.type === 'string' ? schema.type : 'value';
    const description = typeof schema.description === 'string' ? schema.description : '';
    return `    - ${name} (${type}, ${required.has(name) ? 'required' : 'optional'}): ${description}`;
  });
  return [
    `- ${tool.name}: ${tool.description}`,
    parameters.length > 0 ? '  Arguments:' : '  Arguments: none',
    ...parameters,
  ].join('\n');
}

export function describeTools(tools: readonly ToolSchema[]): string {
  return tools.map(describeTool).join('\n');
}

export function planJsonSystem(tools: readonly ToolSchema[]): string {
  return `These tools are available:
${describeTools(tools)}

Write the complete plan that answers the user's request with these tools, before anything is run. Reply with a JSON list and nothing else; each step is an object:
{"id": <step number from 0>, "name": <tool name>, "args": <the arguments as a Python dict inside a string, e.g. "{'city': 'Oslo'}">}
List the steps in the order they should run. Leave out arguments you would not pass. Guess values you cannot know yet (ids returned by an earlier step).`;
}

export function planStringSystem(tools: readonly ToolSchema[]): string {
  return `These tools are available:
${describeTools(tools)}

Write the complete plan that answers the user's request with these tools, before anything is run. Give one step per line and nothing else, each line in the form:
Use <tool name> to <what the step achieves>
Each line calls exactly one tool.`;
}

export function stepSystem(tools: readonly ToolSchema[]): string {
  return `You help the user by calling tools. These tools are available:
${describeTools(tools)}

When the request is fully handled, the next step is FinishAction.`;
}

export const ASK_NEXT_STEP_JSON =
  'What is the next step? Reply with one JSON object and nothing else: {"thought": <what to do next and why>, "name": <the tool to call>, "args": <its arguments as an object>}.';
export const ASK_THOUGHT = 'What should be done next? Answer in one sentence.';
export const ASK_TOOL_NAME = 'Which tool should be called now? Answer with the tool name only.';
export const ASK_ARGUMENTS = 'With which arguments? Answer with a Python dict of the arguments only.';

export function instructSystem(tool: ToolSchema, format: 'json' | 'str'): string {
  const shape =
    format === 'json'
      ? 'Reply with one JSON object and nothing else: {"reason": <why this call>, "tool": <the tool name>, "arguments": <an object of the arguments>}.'
      : 'Reply in exactly three lines and nothing else:\nReason: <why this call>\nTool: <the tool name>\nArguments: <the arguments as a Python dict, on one line>';
  return `This tool is available:
${describeTool(tool)}

${shape}`;
}

export const INSTRUCT_JSON_TEMPLATE = { thought: 'reason', action: 'tool', args: 'arguments' } as const;
export const INSTRUCT_STRING_TEMPLATE = {
  thought_start: 'Reason:',
  thought_end: '\n',
  action_start: 'Tool:',
  action_end: '\n',
  args_start: 'Arguments:',
  args_end: '',
} as const;

export const REVIEW_SYSTEM = `You will see one step of a task that used a tool:
Goal: what the step was meant to achieve
Name: the tool that was called
Args: the arguments it was given
Response: what the tool answered

Judge the outcome and choose one option:
A: Success - the response achieves the goal.
B: Internal error - the tool itself failed or could not connect.
C: Input error - the tool did not suit the goal, or its arguments were wrong or incomplete.
D: Irrelevant response - the response does not answer this call or does not fit what the tool returns.
E: Unable to accomplish - the response says the goal cannot be reached, or it is empty.

Reply exactly in the form:
Answer: <one letter from A to E>`;
