import { assistantTurns, normalizeText, presentCallsFor, systemText } from '../../../agents/index.js';
import type { ReferenceRequest, ToolCall } from '../../../spec/index.js';
import { type ToolFingerprint, toolFingerprint } from '../../../tools/index.js';
import { type SandboxCase, sandboxCases } from '../cases.js';
import { sandboxToolSet } from '../play.js';
import type { SandboxScenario } from '../sandbox-scenario.js';

/** A case the server can play, with the fingerprint of the tools its agent is shown. */
export interface IndexedCase {
  readonly sandboxCase: SandboxCase;
  readonly fingerprint: ToolFingerprint;
  /** Rewrites a gold call into the names this case's tool set shows. */
  readonly present: (call: ToolCall) => ToolCall;
}

/** A match, or why there is none (sent back in the HTTP 400 body). */
export type MatchResult<T> = { readonly found: T } | { readonly reason: string };

/**
 * Every case of the loaded scenarios, indexed for matching requests to them: by opening line for the
 * agent role, by user goal for the user role. Openings are indexed at construction; the tool
 * fingerprints of an opening's cases (about 5 ms a case: distraction ranking is fuzzy matching) are
 * built the first time a request shows that opening and kept, or all at once by `warm()`.
 */
export class CaseIndex {
  private readonly casesByOpening = new Map<string, SandboxCase[]>();
  private readonly indexedByOpening = new Map<string, IndexedCase[]>();
  /** Cases whose tool set could not be built, with the reason (found when they are indexed). */
  readonly problems: string[] = [];
  readonly caseCount: number;

  constructor(readonly scenarios: readonly SandboxScenario[]) {
    const cases = sandboxCases(scenarios);
    for (const sandboxCase of cases) {
      const key = normalize(sandboxCase.opening);
      const list = this.casesByOpening.get(key) ?? [];
      list.push(sandboxCase);
      this.casesByOpening.set(key, list);
    }
    this.caseCount = cases.length;
  }

  /** Builds every case's fingerprint now rather than on first use. */
  warm(): void {
    for (const key of this.casesByOpening.keys()) this.indexed(key);
  }

  private indexed(key: string): IndexedCase[] | undefined {
    const known = this.indexedByOpening.get(key);
    if (known) return known;
    const cases = this.casesByOpening.get(key);
    if (!cases) return undefined;
    const entries: IndexedCase[] = [];
    for (const sandboxCase of cases) {
      try {
        const tools = sandboxToolSet(sandboxCase);
        entries.push({ sandboxCase, fingerprint: toolFingerprint(tools.schemas()), present: presentCallsFor(tools) });
      } catch (error) {
        this.problems.push(`${sandboxCase.id}: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
    this.indexedByOpening.set(key, entries);
    return entries;
  }

  /**
   * The case an agent request belongs to: its first user message is the case's opening line, and its
   * tools are the ones the case's augmentation shows (exactly, or failing that, loosely; see
   * `toolFingerprint`). Scenarios may share an opening line (or a paraphrase) and, with every tool shown,
   * their tools too: then the rest of the conversation tells them apart (see {@link mostConsistent}).
   */
  findAgentCase(request: ReferenceRequest): MatchResult<IndexedCase> {
    const first = request.messages.find((message) => message.role === 'user');
    if (!first) return { reason: 'the conversation has no user message, so it matches no scenario opening' };
    const candidates = this.indexed(normalize(first.text));
    if (!candidates) {
      return {
        reason: `the first user message ${quote(first.text)} is not the opening line (or a paraphrase) of any of the ${this.scenarios.length} loaded scenarios`,
      };
    }
    if (candidates.length === 0) {
      return { reason: `the tools of the cases with this opening cannot be built: ${this.problems.join('; ')}` };
    }
    const shown = toolFingerprint(request.tools);
    const exact = candidates.filter((entry) => entry.fingerprint.exact === shown.exact);
    const found = mostConsistent(
      exact.length > 0 ? exact : candidates.filter((entry) => entry.fingerprint.loose === shown.loose),
      request,
    );
    if (found) return { found };
    const scenarioIds = [...new Set(candidates.map((entry) => entry.sandboxCase.scenario.id))].join(', ');
    const names = request.tools.map((tool) => tool.name).join(', ') || 'none';
    return {
      reason: `the opening line belongs to scenario ${scenarioIds}, yet the tools offered (${names}) match none of the ${candidates.length} cases with that opening (one per augmentation); send the tools exactly as toolgauge shows them`,
    };
  }

  /**
   * The scenario a user-simulator request plays: its system prompt holds the scenario's user goal.
   * When several goals appear (one contains another), the longest wins; then the knowledge text and
   * the opening line break ties.
   */
  findUserScenario(request: ReferenceRequest): MatchResult<SandboxScenario> {
    const system = normalize(systemText(request.messages));
    let matches = this.scenarios.filter((scenario) => system.includes(normalize(scenario.user.goal)));
    if (matches.length === 0) {
      return {
        reason: `the system prompt holds the user goal of none of the ${this.scenarios.length} loaded scenarios`,
      };
    }
    const longest = Math.max(...matches.map((scenario) => scenario.user.goal.length));
    matches = narrow(
      matches.filter((scenario) => scenario.user.goal.length === longest),
      (scenario) => system.includes(normalize(scenario.user.knowledge)),
    );
    const said = new Set(assistantTurns(request.messages).map((turn) => normalize(turn.text)));
    matches = narrow(matches, (scenario) => openingsOf(scenario).some((opening) => said.has(normalize(opening))));
    return { found: matches[0] as SandboxScenario };
  }
}

/** The opening line and its paraphrases. */
export function openingsOf(scenario: SandboxScenario): string[] {
  return [scenario.user.opening, ...scenario.user.paraphrases];
}

/** Trimmed, with runs of white space made one space: clients may reflow text. */
export const normalize = normalizeText;

/**
 * Of the cases that match the opening and the tools, the one the conversation so far belongs to: the
 * user's later turns are that scenario's scripted replies (in order), and the assistant's turns are its
 * gold turns; the first case wins a tie (cases of one scenario showing the same tools play identically).
 * Before the user's first reply, two scenarios with one opening cannot be told apart; their first gold
 * turns should then be interchangeable (typically a question).
 */
function mostConsistent(entries: readonly IndexedCase[], request: ReferenceRequest): IndexedCase | undefined {
  const userTurns = request.messages.flatMap((message) => (message.role === 'user' ? [normalize(message.text)] : []));
  const replies = userTurns.slice(1);
  const assistant = assistantTurns(request.messages);
  let best: IndexedCase | undefined;
  let bestScore = -1;
  for (const entry of entries) {
    const { scenario } = entry.sandboxCase;
    const repliesMatched = leadingMatches(replies, scenario.user.replies.map(normalize));
    const goldMatched = leadingMatches(
      assistant.map((turn) =>
        turn.calls.length > 0 ? turn.calls.map((call) => call.name).join(',') : normalize(turn.text),
      ),
      scenario.gold.map((turn) =>
        turn.type === 'tool-calls'
          ? turn.calls.map((call) => entry.present(call).name).join(',')
          : normalize(turn.text),
      ),
    );
    // A scripted reply tells scenarios apart more surely than a gold turn (gold turns are often alike).
    const score = repliesMatched * 1000 + goldMatched;
    if (score > bestScore) {
      best = entry;
      bestScore = score;
    }
  }
  return best;
}

/** How many leading items of `seen` equal those of `expected`. */
function leadingMatches(seen: readonly string[], expected: readonly string[]): number {
  let count = 0;
  while (count < seen.length && seen[count] === expected[count]) count += 1;
  return count;
}

/** Keeps the items that pass, unless none do. */
function narrow<T>(items: T[], test: (item: T) => boolean): T[] {
  const kept = items.filter(test);
  return kept.length > 0 ? kept : items;
}

function quote(text: string): string {
  return JSON.stringify(text.length > 120 ? `${text.slice(0, 117)}...` : text);
}
