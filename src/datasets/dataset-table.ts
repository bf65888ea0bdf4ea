/**
 * The datasets `toolgauge data pull <name>` can fetch: where the archive is, its SHA-256, and which
 * folder inside it to keep. A new dataset is one entry here.
 */
export interface DatasetSource {
  readonly name: string;
  readonly description: string;
  /** The version this entry pins (a release tag or commit); part of the cache path. */
  readonly version: string;
  readonly url: string;
  readonly format: 'tar.gz' | 'tar' | 'zip';
  /**
   * The archive's SHA-256 (hex). Null when it could not be recorded when the entry was written (no
   * network): the first download is then accepted, its hash is printed and stored beside the data, and
   * every later check compares with it. `--sha256` pins it from the command line.
   */
  readonly sha256: string | null;
  /**
   * The folder of the archive to keep, `/`-separated; `*` matches the one top-level folder that archives
   * of a repository are wrapped in (e.g. `ToolTalk-<commit>/`).
   */
  readonly folder: string;
  /** The flag to pass the result to, e.g. `--benchmark tooltalk --data <path>`. */
  readonly use: string;
}

export const DATASETS: readonly DatasetSource[] = [
  {
    name: 'tooltalk',
    description: 'ToolTalk (microsoft/ToolTalk, MIT): 78 conversations (easy and hard) and the mock databases.',
    version: 'e05f4ce',
    url: 'https://github.com/microsoft/ToolTalk/archive/e05f4ce.tar.gz',
    format: 'tar.gz',
    sha256: null,
    folder: '*/data',
    use: 'toolgauge run --benchmark tooltalk --data <path>',
  },
  {
    name: 'teval',
    description:
      "T-Eval (open-compass/T-Eval, Apache-2.0): the paper-era (v1) PLAN (JSON and string) and REVIEW files of the repository's early commit; the full v2 data is on Hugging Face (lovesnowbest/T-Eval, data/), readable with --data too.",
    version: 'bab8696',
    url: 'https://github.com/open-compass/T-Eval/archive/bab869616dee4cb55a2a04390efb93c008b70896.tar.gz',
    format: 'tar.gz',
    sha256: null,
    folder: '*/data',
    use: 'toolgauge run --benchmark teval --data <path>',
  },
];

export function findDataset(name: string): DatasetSource {
  const found = DATASETS.find((dataset) => dataset.name === name);
  if (!found) {
    throw new Error(`unknown dataset "${name}"; known datasets: ${DATASETS.map((dataset) => dataset.name).join(', ')}`);
  }
  return found;
}
