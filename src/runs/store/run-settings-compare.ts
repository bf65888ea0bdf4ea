/**
 * Which stored settings must match before episodes of two invocations may sit in one run: on
 * `--resume` (the rest of a run played with its stored settings) and on `merge` (episodes of a run
 * with the same id copied in from another store). A run whose episodes were played under different
 * settings measures nothing, so a difference is refused with the list of what differs — unless the user
 * explicitly allows that field (`--allow-changed <field>`), which is then recorded.
 */

/**
 * What decides the episodes of a run: its stored settings (agent, user, trials, temperature, seed,
 * output and message limits, base URLs, the case filters and benchmark options — whatever the stored
 * settings hold) minus the {@link FREE_SETTINGS}, plus from the manifest the case set (hash and count)
 * and, for `module:` agents, the module's resolved path and hash. Comparing every stored setting but a
 * known-free few means a new setting is compared by default.
 */
export type RunIdentity = Readonly<Record<string, unknown>>;

/**
 * Settings that may change between invocations without changing what is measured: how fast and how
 * much (concurrency, cost limit, request timeout), where the store is, where a benchmark's module is
 * (`benchmarkModule`: it may move; the benchmark's id and case set are compared), the cache mode, and
 * bookkeeping.
 */
export const FREE_SETTINGS: readonly string[] = [
  'formatVersion',
  'benchmarkModule',
  'concurrency',
  'endpointConcurrency',
  'db',
  'maxCost',
  'timeoutMs',
  'cache',
  'manifest',
  'allowedChanges',
];

/** The manifest fields that are part of a run's identity. */
export interface IdentityManifest {
  readonly caseSet?: { readonly hash: string; readonly count: number };
  readonly agentModule?: { readonly path: string; readonly sha256: string };
}

/** A run's identity from its stored settings and manifest. */
export function runIdentity(settings: Readonly<Record<string, unknown>>, manifest: IdentityManifest = {}): RunIdentity {
  const identity: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(settings)) {
    if (!FREE_SETTINGS.includes(key) && value !== undefined) identity[key] = value;
  }
  if (manifest.caseSet) identity.caseSet = manifest.caseSet;
  if (manifest.agentModule) identity.agentModule = manifest.agentModule;
  return identity;
}

export interface SettingDifference {
  /** Dotted path: `trials`, `modelSettings.temperature`, `agentModule.sha256`. */
  readonly field: string;
  readonly stored: unknown;
  readonly requested: unknown;
}

export interface SettingsComparison {
  /** Every difference found. */
  readonly differences: readonly SettingDifference[];
  /** The differences not covered by `allowChanged`: non-empty means refuse. */
  readonly refused: readonly SettingDifference[];
  /** The differences the user allowed. */
  readonly allowed: readonly SettingDifference[];
}

/** Compares two identities field by field; `allowChanged` names fields (or their parents) that may differ. */
export function compareRunSettings(
  stored: RunIdentity,
  requested: RunIdentity,
  allowChanged: readonly string[] = [],
): SettingsComparison {
  const differences: SettingDifference[] = [];
  for (const field of [...new Set([...Object.keys(stored), ...Object.keys(requested)])].sort()) {
    collect(field, stored[field], requested[field], differences);
  }
  const isAllowed = (difference: SettingDifference) =>
    allowChanged.some((name) => difference.field === name || difference.field.startsWith(`${name}.`));
  return {
    differences,
    refused: differences.filter((difference) => !isAllowed(difference)),
    allowed: differences.filter(isAllowed),
  };
}

/**
 * Checks `--allow-changed` values against the fields of the identities compared.
 * @throws Error naming an unknown field and listing the known ones.
 */
export function checkAllowChanged(names: readonly string[], ...identities: readonly RunIdentity[]): void {
  const known = [...new Set(identities.flatMap((identity) => Object.keys(identity)))].sort();
  for (const name of names) {
    const top = name.split('.')[0] ?? '';
    if (!known.includes(top)) {
      throw new Error(
        `--allow-changed "${name}" is not a compared setting of this run; use one of: ${known.join(', ')}`,
      );
    }
  }
}

/** Refuses to resume or merge across a difference, listing every one and how to override it. */
export class SettingsMismatchError extends Error {
  override readonly name = 'SettingsMismatchError';
  constructor(
    readonly action: 'resume' | 'merge',
    readonly runId: string,
    readonly differences: readonly SettingDifference[],
  ) {
    const listed = differences.map(
      (difference) =>
        `  ${difference.field}: stored ${show(difference.stored)}, ${action === 'resume' ? 'now' : 'other store'} ${show(difference.requested)}`,
    );
    const fields = [...new Set(differences.map((difference) => difference.field.split('.')[0]))];
    super(
      [
        action === 'resume'
          ? `refusing to resume run "${runId}": its episodes would be played under different settings`
          : `refusing to merge run "${runId}": the two stores played it under different settings`,
        ...listed,
        action === 'resume'
          ? `Start a new run (another --run-id), or, if the change cannot affect the results, allow it: ${fields.map((field) => `--allow-changed ${field}`).join(' ')}`
          : `Merge into another store, or allow it: ${fields.map((field) => `--allow-changed ${field}`).join(' ')}`,
      ].join('\n'),
    );
  }
}

/** @throws SettingsMismatchError when a difference is not allowed; returns the allowed ones (to record). */
export function requireSameRunSettings(
  action: 'resume' | 'merge',
  runId: string,
  stored: RunIdentity,
  requested: RunIdentity,
  allowChanged: readonly string[] = [],
): readonly SettingDifference[] {
  const comparison = compareRunSettings(stored, requested, allowChanged);
  if (comparison.refused.length > 0) throw new SettingsMismatchError(action, runId, comparison.refused);
  return comparison.allowed;
}

function collect(field: string, stored: unknown, requested: unknown, into: SettingDifference[]): void {
  if (isRecord(stored) && isRecord(requested)) {
    for (const key of [...new Set([...Object.keys(stored), ...Object.keys(requested)])].sort()) {
      collect(`${field}.${key}`, stored[key], requested[key], into);
    }
    return;
  }
  if (canonical(stored) !== canonical(requested)) into.push({ field, stored, requested });
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** JSON with sorted keys; undefined and null both mean "not set". */
function canonical(value: unknown): string {
  if (value === undefined || value === null) return 'null';
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (isRecord(value)) {
    return `{${Object.keys(value)
      .sort()
      .filter((key) => value[key] !== undefined)
      .map((key) => `${JSON.stringify(key)}:${canonical(value[key])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value);
}

function show(value: unknown): string {
  return value === undefined || value === null ? '(not set)' : JSON.stringify(value);
}
