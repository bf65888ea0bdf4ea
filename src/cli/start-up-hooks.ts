/**
 * Module-resolution hooks the command line installs before it loads anything else (`bin/toolgauge.js`),
 * to shorten every command's start-up. They change where nothing resolves to, only how fast:
 *
 * - **toolgauge's own modules.** `dist/` is a plain tree of ES modules (no symlinks, one package scope)
 *   whose modules import each other by relative `.js` paths; such an import is the file at that URL.
 *   Saying so spares Node's resolver its file-system checks and package.json lookups for each of the
 *   ~100 modules a reading command loads.
 * - **Three built-ins commander imports.** Node builds the ES module view of a built-in by reading every
 *   property it exports: for `node:process` that creates `process.stdin` and computes
 *   `allowedNodeEnvironmentFlags`, for `node:util` it loads `parseArgs`, the diff and more. commander
 *   uses only `process` itself and `stripVTControlCharacters`, so it is given exactly those, taken from
 *   the objects Node already has; and `node:child_process` only to start executable subcommands, so it
 *   gets the module on first use. `test/contract/commander-imports.test.ts` fails if commander ever
 *   imports anything else from them.
 *
 * Measured with `bench/startup.ts` (see the README's start-up figures). Node before 22.15 has no
 * `module.registerHooks` and resolves everything as usual.
 */

/** What a resolve hook returns (the subset of Node's `ResolveFnOutput` used here). */
export interface ResolvedModule {
  url: string;
  format?: string;
  shortCircuit?: boolean;
}

/** The built-ins commander imports, each as a module exporting only what commander takes from it. */
export const COMMANDER_BUILT_INS: Readonly<Record<string, string>> = {
  'node:process': 'data:text/javascript,export default globalThis.process;',
  'node:util':
    "data:text/javascript,export const { stripVTControlCharacters } = process.getBuiltinModule('node:util');",
  // commander starts processes only for executable subcommands (toolgauge has none): child_process (and
  // the net and dgram modules it loads) is loaded if one is ever started.
  'node:child_process':
    "data:text/javascript,export default new Proxy({}, { get: (_, name) => process.getBuiltinModule('node:child_process')[name] });",
};

const RELATIVE_MODULE = /^\.\.?\/[^?#]*\.js$/;

/**
 * A resolve hook for the build in `dist` (its URL, ending in `/`): the fast paths above, everything else
 * passed on to Node's own resolution.
 */
export function startUpResolver(dist: string) {
  return function resolve(
    specifier: string,
    context: { parentURL?: string | undefined },
    nextResolve: (specifier: string, context: { parentURL?: string | undefined }) => ResolvedModule,
  ): ResolvedModule {
    const parent = context.parentURL;
    if (parent?.startsWith(dist) && RELATIVE_MODULE.test(specifier)) {
      return { url: new URL(specifier, parent).href, format: 'module', shortCircuit: true };
    }
    const builtIn = COMMANDER_BUILT_INS[specifier];
    if (builtIn && parent?.includes('/node_modules/commander/')) {
      return { url: builtIn, format: 'module', shortCircuit: true };
    }
    return nextResolve(specifier, context);
  };
}
