import { SolutionAgent } from '../../agents/index.js';
import type { ToolCall, Trajectory, Turn } from '../../spec/index.js';
import type { SandboxCase } from './cases.js';
import { runSandboxCase, sandboxToolSet } from './play.js';
import { ALTERNATIVE_FLOOR } from './prove-constants.js';

/**
 * Alternative read paths, generated from the gold: where a read milestone is judged by the evidence a
 * read returns (`result:`), every other path the tools allow to the same rows must keep the episode at
 * `ALTERNATIVE_FLOOR` or more — the same tool called with no arguments (list everything, then filter),
 * and a phone number argument written another way ("415.555.0100"). A path the tool refuses is not a
 * path: it is skipped. A gold read whose result a later call reads by position is left alone (its list
 * order is part of the gold).
 */
export async function proveReadPaths(
  sandboxCase: SandboxCase,
  gold: readonly Turn[],
  /** The gold played on the case (its reads' results are what other paths must return). */
  goldRun: { readonly trajectory: Trajectory },
): Promise<{ played: number; lowest: number; problems: string[] }> {
  const problems: string[] = [];
  let played = 0;
  let lowest = 1;
  const evidenceTools = new Set(
    sandboxCase.scenario.milestones.milestones.flatMap((milestone) =>
      milestone.constraints.flatMap((constraint) =>
        constraint.type === 'tool-call' && constraint.result !== undefined ? [constraint.tool] : [],
      ),
    ),
  );
  if (evidenceTools.size === 0) return { played, lowest, problems };
  const reads = new Map(
    sandboxToolSet(sandboxCase)
      .views.filter((view) => view.tool.kind === 'read')
      .map((view) => [view.tool.name, Object.entries(view.tool.parameters.properties ?? {})] as const),
  );
  const resultOf = (messages: Trajectory['messages'], id: string) => {
    const found = messages.find((message) => message.type === 'tool-result' && message.callId === id);
    return found?.type === 'tool-result' && found.outcome.type === 'result' ? found.outcome.value : undefined;
  };
  let position = -1;
  for (const [turnIndex, turn] of gold.entries()) {
    if (turn.type !== 'tool-calls') continue;
    for (const [callIndex, call] of turn.calls.entries()) {
      position += 1;
      if (!reads.has(call.name) || !evidenceTools.has(call.name)) continue;
      const before = resultOf(goldRun.trajectory.messages, call.id);
      for (const [name, args] of otherPaths(call, reads.get(call.name) ?? [])) {
        const withPath = gold.map((original, index) =>
          index === turnIndex && original.type === 'tool-calls'
            ? {
                type: 'tool-calls' as const,
                calls: original.calls.map((other, at) => (at === callIndex ? { ...other, arguments: args } : other)),
              }
            : original,
        );
        // A later call that reads the gold's result by position reads the same row in the longer list:
        // the agent filtered the list itself.
        const first = await runSandboxCase({ sandboxCase, agent: new SolutionAgent(withPath, 'read-path') });
        const listed = resultOf(first.trajectory.messages, call.id);
        const turns = refer(withPath, position, before, listed);
        if (!turns) continue;
        const { score, trajectory } =
          turns === withPath
            ? first
            : await runSandboxCase({ sandboxCase, agent: new SolutionAgent(turns, 'read-path') });
        // Only a path to the same rows: the tool accepted it and its result holds every row the gold's did.
        const after = resultOf(trajectory.messages, call.id);
        if (after === undefined || !holdsAll(after, before)) continue;
        played += 1;
        lowest = Math.min(lowest, score.score);
        if (score.score < ALTERNATIVE_FLOOR) {
          const missed = score.milestones
            .filter((match) => match.similarity < 1)
            .map((match) => `${match.milestone}=${match.similarity.toFixed(3)}`);
          problems.push(
            `the gold's ${call.name} read ${name} (${JSON.stringify(args)}) scores ${score.score.toFixed(3)} < ${ALTERNATIVE_FLOOR}; ${missed.join(', ')}`,
          );
        }
      }
    }
  }
  return { played, lowest, problems };
}

/**
 * The turns with every `{{result:position.K…}}` placeholder pointing at the same row in the new list
 * (`listed`) as it did in the gold's (`before`); the turns unchanged when none reads by position;
 * undefined when a row read is not in the new list.
 */
function refer(
  turns: readonly Turn[],
  position: number,
  before: unknown,
  listed: unknown,
): readonly Turn[] | undefined {
  const text = JSON.stringify(turns);
  const pattern = new RegExp(`\\{\\{\\s*result:${position}\\.(\\d+)`, 'g');
  if (!pattern.test(text)) return turns;
  if (!Array.isArray(before) || !Array.isArray(listed)) return undefined;
  const keys = listed.map((item) => JSON.stringify(item));
  let missing = false;
  const rewritten = text.replace(pattern, (_whole, index: string) => {
    const at = keys.indexOf(JSON.stringify(before[Number(index)]));
    if (at < 0) missing = true;
    return `{{result:${position}.${at}`;
  });
  return missing ? undefined : (JSON.parse(rewritten) as Turn[]);
}

/** Whether a result holds every item of another (a list, or one value). */
function holdsAll(result: unknown, needed: unknown): boolean {
  const have = new Set((Array.isArray(result) ? result : [result]).map((item) => JSON.stringify(item)));
  return (Array.isArray(needed) ? needed : [needed]).every((item) => have.has(JSON.stringify(item)));
}

/** The widest search a parameter allows: a lower bound at 0, an upper bound in 2100, a switch off. */
const WIDEST: readonly [RegExp, unknown][] = [
  [/_lowerbound$/, 0],
  [/_upperbound$/, 4_102_444_800],
];

/**
 * Other argument sets that may reach the same rows (the caller keeps those that do): no arguments;
 * the widest single criterion each parameter allows (list everything, then filter); a boolean criterion
 * set false; each phone number written with dots.
 */
function otherPaths(
  call: ToolCall,
  parameters: readonly (readonly [string, { readonly type?: unknown }])[],
): [string, Record<string, unknown>][] {
  const args = typeof call.arguments === 'string' ? {} : call.arguments;
  const paths: [string, Record<string, unknown>][] = [];
  if (Object.keys(args).length > 0) paths.push(['listing everything', {}]);
  for (const [parameter, schema] of parameters) {
    const widest = WIDEST.find(([pattern]) => pattern.test(parameter));
    if (widest) paths.push([`listing everything by ${parameter}`, { [parameter]: widest[1] }]);
    else if (schema.type === 'boolean' && !(parameter in args))
      paths.push([`listing by ${parameter}=false`, { [parameter]: false }]);
  }
  for (const [key, value] of Object.entries(args)) {
    if (typeof value !== 'string') continue;
    const match = /^\+1(\d{3})(\d{3})(\d{4})$/.exec(value);
    if (match)
      paths.push([
        `with ${key} written ${match[1]}.${match[2]}.${match[3]}`,
        { ...args, [key]: `${match[1]}.${match[2]}.${match[3]}` },
      ]);
  }
  return paths;
}
