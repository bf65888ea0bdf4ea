import type { TableSchema } from '../spec/index.js';
import type { Tool } from '../tools/index.js';

/**
 * A domain: a set of tools with the world tables they own. A new domain is a folder under
 * `src/domains/<name>/` whose `index.ts` exports one `Domain`, plus one line in the tool set that uses it.
 * The core (world, tools, sandbox) never imports a concrete domain.
 */
export interface Domain {
  /** Short lower-case name, e.g. `settings`; also the `domain` of each of its tools. */
  readonly name: string;
  readonly description: string;
  /** Tables this domain owns (other domains may read them). */
  readonly tables: readonly TableSchema[];
  readonly tools: readonly Tool[];
}
