/**
 * The datasets `toolgauge data pull <name>` can fetch: where the archive is, which folder inside it to
 * keep, and the content digest of that folder's files. A new dataset is one entry here.
 */
export interface DatasetSource {
  readonly name: string;
  readonly description: string;
  /** The version this entry pins (a release tag or commit); part of the cache path. */
  readonly version: string;
  readonly url: string;
  readonly format: 'tar.gz' | 'tar' | 'zip';
  /**
   * The archive's SHA-256 (hex), or null. GitHub builds repository archives on the fly and their bytes
   * have changed over time, so the built-in entries pin their files instead ({@link contentDigest});
   * `--sha256` still pins an archive from the command line.
   */
  readonly sha256: string | null;
  /**
   * The content digest of the kept folder's files (src/datasets/content-digest.ts), checked after every
   * download from any URL (`--from` included) and on every cached pull. Null for a dataset whose
   * digest is not known: the first download's is then recorded and later pulls are checked against it.
   */
  readonly contentDigest: string | null;
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
    // 86 files. `node scripts/dataset-content-digest.ts --git <microsoft/ToolTalk clone> e05f4ce data`;
    // the same value from an unchanged copy of data/ and from `git archive` of the commit.
    contentDigest: '164b1d9d14e95bf10a9d5626856e1d6ab596e3f30444640f01f746a1ebbb7d0d',
    folder: '*/data',
    use: 'toolgauge run --benchmark tooltalk --data <path>',
  },
  {
    name: 'teval',
    description:
      "T-Eval (open-compass/T-Eval, Apache-2.0): the paper-era (v1) data files of the repository's early commit (INSTRUCT, PLAN, REASON, RETRIEVE, UNDERSTAND, REVIEW); the full v2 data is on Hugging Face (lovesnowbest/T-Eval, data/), readable with --data too.",
    version: 'bab8696',
    url: 'https://github.com/open-compass/T-Eval/archive/bab869616dee4cb55a2a04390efb93c008b70896.tar.gz',
    format: 'tar.gz',
    sha256: null,
    // 8 files. `node scripts/dataset-content-digest.ts --git <open-compass/T-Eval clone> bab8696 data`
    // (from the commit's tree; the three PLAN/REVIEW files of an unchanged copy have the tree's blob ids).
    contentDigest: '292f542f7db3e3b023cd4fd56987db285678685bd61aba36381e894eab7f1414',
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
