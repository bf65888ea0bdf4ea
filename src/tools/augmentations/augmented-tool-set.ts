import { DefinitionError } from '../../spec/index.js';
import { remembered, rememberedUpTo } from '../../util/remembered.js';
import { type Tool, toolSchema } from '../define-tool.js';
import type { ToolRegistry } from '../tool-registry.js';
import { ToolSet, type ToolView } from '../tool-set.js';
import { type Augmentation, distractionCount } from './augmentation.js';
import { rankDistractionTools } from './distraction-ranking.js';
import { presentLike, presentToolView } from './present-text.js';
import { scrambleArgumentDescriptions } from './scramble-argument-descriptions.js';
import { scrambleArgumentNames } from './scramble-argument-names.js';
import { scrambleArgumentTypes } from './scramble-argument-types.js';
import { scrambleToolDescription } from './scramble-tool-description.js';
import { scrambledToolNames, scrambleToolName } from './scramble-tool-name.js';
import { seededShuffle } from './seeded-shuffle.js';

export interface AugmentedToolSetOptions {
  /** Every tool of the benchmark: distraction tools are drawn from its agent tools. */
  readonly registry: ToolRegistry;
  /** The tools the scenario allows the agent, which it needs; they are always offered, unless denied. */
  readonly necessary: readonly string[];
  /** Tools never to offer, not even as distractions (insufficient-information scenarios withhold tools). */
  readonly deny?: readonly string[];
  readonly augmentation: Augmentation;
  /** Fixes the order of the offered tools, e.g. the case id: the same seed gives the same tool set. */
  readonly seed: string;
  /**
   * The groups distraction ranking puts first when they hold a needed tool, by tool name (a tool not
   * named keeps its domain): e.g. a reference implementation's modules, to rank as it ranks.
   */
  readonly distractionGroups?: Readonly<Record<string, string>>;
}

/**
 * The agent's tools for one scenario under one augmentation.
 *
 * `distraction-0` is the scenario as written: exactly the necessary tools, in the given order. Every
 * other augmentation adds the most distracting tools the scenario does not need (see
 * `rankDistractionTools`) and shuffles the whole list with the seed; the order depends only on the
 * seed and the tools, so each `scrambled-*` variant offers its tools in the same order as
 * `distraction-3` and differs from it only in what is hidden. Scrambling applies to every offered
 * tool, necessary or not. Only the agent's tools are augmented; the user's are not.
 *
 * Denied tools win over necessary ones, as with `ToolSet.fromRegistry`. Unknown tool names, and
 * necessary tools the agent may not call, are a `DefinitionError` naming the tool. Nothing here
 * changes a tool or its schema: a scrambled view holds its own copy.
 */
export function augmentedToolSet(options: AugmentedToolSetOptions): ToolSet {
  const { augmentation, seed } = options;
  const shared = sharedAugmentation(options);
  // Only the order is the case's own: the seed shuffles the shared tools (distraction-0 keeps them as given).
  const offered =
    distractionCount(augmentation) === 0 ? shared.tools : seededShuffle(shared.tools, `tool-augmentation/${seed}`);
  const views = offered.map((tool) => shared.presented.get(tool) as ToolView);
  assertDistinctShownNames(views, augmentation);
  const toolSet = new ToolSet('agent', views, shared.withheld);
  // The case's set shows the same tools under the same names as the shared one, so it presents texts alike.
  presentLike(toolSet, shared.plain);
  return toolSet;
}

/** What every case of one scenario under one augmentation shares: all of it but the order of the tools. */
interface SharedAugmentation {
  /** The offered tools before the case's shuffle: the needed ones, then the distractions by rank. */
  readonly tools: readonly Tool[];
  /** Each offered tool scrambled and presented (descriptions speak the names the agent sees). */
  readonly presented: ReadonlyMap<Tool, ToolView>;
  readonly withheld: readonly string[];
  /** The scrambled, unpresented views: what presenting texts reads. */
  readonly plain: ToolSet;
}

/**
 * What is worked out once per registry: its agent tools, each tool's view under each augmentation, and
 * the shared parts per (necessary, denied, augmentation) — a benchmark builds one tool set per case, and
 * its cases differ mostly by the opening's wording, which changes only the shuffle's seed. Tools are only
 * ever added to a registry, so its size tells whether this is still its content.
 */
interface RegistryAugmentations {
  readonly size: number;
  readonly agentTools: readonly Tool[];
  readonly views: Map<Augmentation, Map<Tool, ToolView>>;
  readonly shared: Map<string, SharedAugmentation>;
  /** The ranked distraction candidates per necessary and denied tools (see `offeredTools`). */
  readonly rankings: Map<string, readonly Tool[]>;
  /** The presented views per augmentation and set of offered tools (see `presentation`). */
  readonly presentations: Map<string, Omit<SharedAugmentation, 'tools'>>;
  scrambledNames: ReadonlyMap<string, string> | undefined;
}

const byRegistry = new WeakMap<ToolRegistry, RegistryAugmentations>();

function registryAugmentations(registry: ToolRegistry): RegistryAugmentations {
  let known = byRegistry.get(registry);
  if (!known || known.size !== registry.size) {
    known = {
      size: registry.size,
      agentTools: registry.forRole('agent'),
      views: new Map(),
      shared: new Map(),
      rankings: new Map(),
      presentations: new Map(),
      scrambledNames: undefined,
    };
    byRegistry.set(registry, known);
  }
  return known;
}

function sharedAugmentation(options: AugmentedToolSetOptions): SharedAugmentation {
  const { registry, augmentation } = options;
  const augmentations = registryAugmentations(registry);
  const necessaryNames = distinct(options.necessary);
  const deniedNames = distinct(options.deny ?? []);
  const groups = options.distractionGroups;
  const key = JSON.stringify([augmentation, necessaryNames, deniedNames, groups ?? null]);
  return rememberedUpTo(augmentations.shared, MAX_REMEMBERED, key, () => {
    const necessary = necessaryNames.map((name) => registry.require(name));
    const denied = new Set(deniedNames.map((name) => registry.require(name).name));
    for (const tool of necessary) {
      if (!tool.roles.includes('agent')) {
        throw new DefinitionError(`tool "${tool.name}" is not an agent tool, so it cannot be offered to the agent`);
      }
    }
    const tools = offeredTools(augmentations, necessary, denied, augmentation, groups);
    return { tools, ...presentation(augmentations, registry, augmentation, tools) };
  });
}

/** Entries each of a registry's memo tables holds at most (it forgets everything past that). */
const MAX_REMEMBERED = 5000;

/**
 * The offered tools scrambled and presented, which depends on the set of tools only, not their order:
 * a tool's presented texts read which tools are offered and withheld and how each is shown. Shared by
 * every scenario offering the same tools under one augmentation (`distraction-all` offers nearly every
 * tool in every scenario).
 */
function presentation(
  augmentations: RegistryAugmentations,
  registry: ToolRegistry,
  augmentation: Augmentation,
  tools: readonly Tool[],
): Omit<SharedAugmentation, 'tools'> {
  const key = JSON.stringify([augmentation, tools.map((tool) => tool.name).sort()]);
  return rememberedUpTo(augmentations.presentations, MAX_REMEMBERED, key, () => {
    const scrambled = tools.map((tool) => scrambledView(augmentations, registry, augmentation, tool));
    assertDistinctShownNames(scrambled, augmentation);
    const given = new Set(tools.map((tool) => tool.name));
    const withheld = augmentations.agentTools.map((tool) => tool.name).filter((name) => !given.has(name));
    // Descriptions speak the names the agent sees and never point at a tool it was not given.
    const plain = new ToolSet('agent', scrambled, withheld);
    const presented = new Map(scrambled.map((view) => [view.tool, presentToolView(view, plain)]));
    return { presented, withheld, plain };
  });
}

/** The tools to offer, before the case's shuffle: the needed ones, then the distractions by rank. */
function offeredTools(
  augmentations: RegistryAugmentations,
  necessary: readonly Tool[],
  denied: ReadonlySet<string>,
  augmentation: Augmentation,
  groups?: Readonly<Record<string, string>>,
): Tool[] {
  const needed = necessary.filter((tool) => !denied.has(tool.name));
  const count = distractionCount(augmentation);
  if (count === 0) return needed;

  // Every augmentation with distractions ranks the same candidates for the same necessary and denied tools.
  const rankingKey = JSON.stringify([necessary.map((tool) => tool.name), [...denied], groups ?? null]);
  const ranked = rememberedUpTo(augmentations.rankings, MAX_REMEMBERED, rankingKey, () => {
    const neededNames = new Set(necessary.map((tool) => tool.name));
    const candidates = augmentations.agentTools.filter((tool) => !neededNames.has(tool.name) && !denied.has(tool.name));
    return rankDistractionTools(
      candidates,
      needed,
      groups ? (tool) => (Object.hasOwn(groups, tool.name) ? (groups[tool.name] as string) : tool.domain) : undefined,
    );
  });
  const distractions = count === 'all' ? ranked : ranked.slice(0, count);
  return [...needed, ...distractions];
}

/** A tool as an augmentation shows it (the same view object every time: scrambling is deterministic). */
function scrambledView(
  augmentations: RegistryAugmentations,
  registry: ToolRegistry,
  augmentation: Augmentation,
  tool: Tool,
): ToolView {
  const byTool = remembered(augmentations.views, augmentation, () => new Map<Tool, ToolView>());
  return remembered(byTool, tool, () =>
    scramble({ schema: toolSchema(tool), tool }, augmentation, () => {
      augmentations.scrambledNames ??= scrambledToolNames(registry);
      return augmentations.scrambledNames;
    }),
  );
}

function scramble(
  view: ToolView,
  augmentation: Augmentation,
  scrambledNames: () => ReadonlyMap<string, string>,
): ToolView {
  switch (augmentation) {
    case 'distraction-0':
    case 'distraction-3':
    case 'distraction-10':
    case 'distraction-all':
      return view;
    case 'scrambled-tool-name':
      return scrambleToolName(view, scrambledNames());
    case 'scrambled-tool-description':
      return scrambleToolDescription(view);
    case 'scrambled-arg-description':
      return scrambleArgumentDescriptions(view);
    case 'scrambled-arg-type':
      return scrambleArgumentTypes(view);
    case 'scrambled-arg-name':
      return scrambleArgumentNames(view);
  }
}

/** Two tools shown under one name could not both be called; say which ones rather than drop one. */
function assertDistinctShownNames(views: readonly ToolView[], augmentation: Augmentation): void {
  const realNameOf = new Map<string, string>();
  for (const view of views) {
    const other = realNameOf.get(view.schema.name);
    if (other !== undefined) {
      throw new DefinitionError(
        `augmentation "${augmentation}" shows tools "${other}" and "${view.tool.name}" both as "${view.schema.name}"`,
      );
    }
    realNameOf.set(view.schema.name, view.tool.name);
  }
}

function distinct(names: readonly string[]): string[] {
  return [...new Set(names)];
}
