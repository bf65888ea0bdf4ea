import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Agent } from '../spec/index.js';

/**
 * Loads the user's own agent for `--agent module:<path>`: the module's default export is either a
 * function returning a fresh `Agent` (called once per episode) or an object with a `createAgent`
 * function. A module that offers neither gets an error naming it.
 */
export async function loadAgentModule(path: string, cwd = process.cwd()): Promise<() => Agent> {
  const file = resolve(cwd, path);
  let module: { default?: unknown; createAgent?: unknown };
  try {
    module = (await import(pathToFileURL(file).href)) as typeof module;
  } catch (error) {
    throw new Error(
      `--agent module:${path}: cannot load ${file}: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  const factory = typeof module.default === 'function' ? module.default : module.createAgent;
  if (typeof factory !== 'function') {
    throw new Error(
      `--agent module:${path}: export a default function (or a createAgent function) that returns an agent`,
    );
  }
  return () => {
    const agent = (factory as () => unknown)() as Partial<Agent> | undefined;
    if (!agent || typeof agent.respond !== 'function' || typeof agent.name !== 'string') {
      throw new Error(
        `--agent module:${path}: the factory must return an object with a name and a respond(request) method`,
      );
    }
    return agent as Agent;
  };
}
