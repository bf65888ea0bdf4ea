import { access, readFile } from 'node:fs/promises';
import { extname, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { type ConfigFile, configFileSchema } from '../library/config.js';
import { parseYamlText } from '../util/yaml-text.js';
import { UsageError } from './usage-error.js';

export { type ConfigFile, configFileSchema, defineConfig } from '../library/config.js';

const DEFAULT_NAMES = ['toolgauge.config.ts', 'toolgauge.config.json', 'toolgauge.config.yaml', 'toolgauge.config.yml'];

/**
 * Reads the config file given, or the first default name present in `cwd`; none is fine. Every problem
 * (a missing or unreadable file, bad JSON or YAML, an unknown key, a wrong type) is a {@link UsageError}:
 * exit code 2, as the README documents for bad configuration.
 */
export async function loadConfigFile(
  path: string | undefined,
  cwd = process.cwd(),
): Promise<{ file?: string; config: ConfigFile }> {
  const file = path ? resolve(cwd, path) : await firstExisting(DEFAULT_NAMES.map((name) => resolve(cwd, name)));
  if (!file) return { config: {} };
  let data: unknown;
  try {
    if (extname(file) === '.ts' || extname(file) === '.js' || extname(file) === '.mjs') {
      const module = (await import(pathToFileURL(file).href)) as { default?: unknown };
      data = module.default;
    } else {
      const text = await readFile(file, 'utf8');
      data = extname(file) === '.json' ? JSON.parse(text) : parseYamlText(text);
    }
  } catch (error) {
    throw new UsageError(`${file}: cannot read the config: ${error instanceof Error ? error.message : String(error)}`);
  }
  const parsed = configFileSchema.safeParse(data ?? {});
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.') || '(top)'}: ${issue.message}`);
    throw new UsageError(`${file}: ${problems.join('; ')}`);
  }
  return { file, config: parsed.data };
}

async function firstExisting(paths: readonly string[]): Promise<string | undefined> {
  for (const path of paths) {
    if (
      await access(path).then(
        () => true,
        () => false,
      )
    )
      return path;
  }
  return undefined;
}
