import { DefinitionError, type Role } from '../spec/index.js';
import type { Tool } from './define-tool.js';

/** A set of tools by name. Duplicate names are an error naming the tool. */
export class ToolRegistry {
  private readonly byName = new Map<string, Tool>();

  constructor(tools: readonly Tool[] = []) {
    for (const tool of tools) this.add(tool);
  }

  add(tool: Tool): void {
    if (this.byName.has(tool.name)) throw new DefinitionError(`tool "${tool.name}" is defined twice`);
    this.byName.set(tool.name, tool);
  }

  get(name: string): Tool | undefined {
    return this.byName.get(name);
  }

  /** The tool, or an error naming the unknown tool. */
  require(name: string): Tool {
    const tool = this.byName.get(name);
    if (!tool) throw new DefinitionError(`unknown tool "${name}"`);
    return tool;
  }

  has(name: string): boolean {
    return this.byName.has(name);
  }

  /** How many tools it holds (tools are only ever added, so a size names its content). */
  get size(): number {
    return this.byName.size;
  }

  /** All tools, in the order they were added. */
  list(): Tool[] {
    return [...this.byName.values()];
  }

  /** The tools a role may call. */
  forRole(role: Role): Tool[] {
    return this.list().filter((tool) => tool.roles.includes(role));
  }
}
