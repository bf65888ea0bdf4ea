/**
 * ToolSandbox's scenario categories (paper, Table 5). A module of their own, so that the sandbox's
 * options and its report tables do not import the scenario file's schema.
 */
export const SANDBOX_CATEGORIES = [
  'single_tool_call',
  'multiple_tool_call',
  'single_user_turn',
  'multiple_user_turn',
  'state_dependency',
  'canonicalization',
  'insufficient_information',
] as const;
export type SandboxCategory = (typeof SANDBOX_CATEGORIES)[number];
