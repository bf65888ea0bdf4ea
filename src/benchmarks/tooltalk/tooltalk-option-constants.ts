/**
 * The constants ToolTalk's flags are declared with (the tool-set choices and the default call cap). A
 * module of their own, without the tool catalogue or the replay protocol, so that the option
 * declarations — and with them the reader and aggregator — load without the play path.
 */

/** `--tooltalk-tools`: the tools offered to the model (see tool-offer.ts). */
export const TOOL_SETS = ['exact', 'suite', 'all'] as const;
export type ToolSetChoice = (typeof TOOL_SETS)[number];

/** `--tooltalk-max-calls`'s default: the cap on tool calls per assistant turn (see turn-replay.ts). */
export const DEFAULT_MAX_CALLS_PER_TURN = 20;
