import type { Role, ToolSchema } from '../spec/index.js';
import { type Tool, toolSchema } from './define-tool.js';
import type { ToolRegistry } from './tool-registry.js';

/** One tool as a role sees it: possibly renamed or redescribed (augmentations), bound to the real tool. */
export interface ToolView {
  readonly schema: ToolSchema;
  readonly tool: Tool;
  /**
   * When argument names are scrambled: the name the role sees → the tool's real argument name. The
   * executor renames arguments back before checking and running the call, and names them as shown in
   * its error messages.
   */
  readonly argumentNames?: ReadonlyMap<string, string>;
}

/**
 * The tools one role may call in an episode, under the names it sees. The executor resolves the name a
 * call uses through this set, so augmentations such as name scrambling are invisible to tools and
 * traces record the real name.
 */
export class ToolSet {
  private readonly byShownName: ReadonlyMap<string, ToolView>;

  constructor(
    readonly role: Role,
    readonly views: readonly ToolView[],
    /**
     * Real names of the benchmark's other tools for this role, which it was not given: texts shown to the
     * role (descriptions, error hints) must not point at them (see `presentToolText`).
     */
    readonly withheld: readonly string[] = [],
  ) {
    this.byShownName = new Map(views.map((view) => [view.schema.name, view]));
    // What a role is shown never changes: adapters and the response cache keep what they derive from it.
    // (Only the schema object itself: its parameters may be shared with code that decorates them.)
    for (const view of views) Object.freeze(view.schema);
  }

  /** The role's tools from a registry, unchanged, optionally limited by allow and deny lists. */
  static fromRegistry(
    registry: ToolRegistry,
    role: Role,
    filter: { readonly allow?: readonly string[]; readonly deny?: readonly string[] } = {},
  ): ToolSet {
    for (const name of [...(filter.allow ?? []), ...(filter.deny ?? [])]) registry.require(name);
    const tools = registry
      .forRole(role)
      .filter((tool) => !filter.allow || filter.allow.includes(tool.name))
      .filter((tool) => !filter.deny?.includes(tool.name));
    const given = new Set(tools.map((tool) => tool.name));
    return new ToolSet(
      role,
      tools.map((tool) => ({ schema: toolSchema(tool), tool })),
      registry
        .forRole(role)
        .map((tool) => tool.name)
        .filter((name) => !given.has(name)),
    );
  }

  schemas(): ToolSchema[] {
    return this.views.map((view) => view.schema);
  }

  /** The names the role sees, sorted (for error messages). */
  shownNames(): string[] {
    return [...this.byShownName.keys()].sort();
  }

  resolve(shownName: string): ToolView | undefined {
    return this.byShownName.get(shownName);
  }
}
