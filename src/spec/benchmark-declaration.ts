/**
 * What is known of a benchmark before it is loaded: each benchmark folder's `declaration.ts` exports one
 * (`src/benchmarks/<id>/declaration.ts`), and the registry imports those statically. It is what the
 * command line needs for `--help` and flag parsing, and what `data pull` needs, without importing the
 * benchmark; the benchmark's modules themselves are imported on first use through its loaders.
 *
 * A declaration module must stay light: option declarations and constants, never a schema library,
 * a scorer or a domain (the start-up import test checks this).
 */
import type { AnyBenchmark, AnyBenchmarkReader, BenchmarkAggregator, BenchmarkOption } from './benchmark.js';

/**
 * A dataset `toolgauge data pull <name>` can fetch for a benchmark: where the archive is, which folder
 * inside it to keep, and the content digest of that folder's files.
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
  /** The command to pass the result to, e.g. `toolgauge run --benchmark <id> --data <path>`. */
  readonly use: string;
}

export interface BenchmarkDeclaration {
  /** The benchmark's id; equal to the loaded benchmark's `id` (the registry's test checks). */
  readonly id: string;
  readonly title: string;
  /** See `Benchmark.hidden`. */
  readonly hidden?: boolean;
  /** See `Benchmark.simulatedUser`. */
  readonly simulatedUser?: boolean;
  /** See `Benchmark.options`: equal to the loaded benchmark's (the registry's test checks). */
  readonly options: readonly BenchmarkOption[];
  /** The datasets `toolgauge data pull` can fetch for it. */
  readonly datasets?: readonly DatasetSource[];
  /** Imports the whole benchmark. */
  load(): Promise<AnyBenchmark>;
  /**
   * Imports its reading part (`BenchmarkReader`), where that is a module lighter than the whole
   * benchmark; reading a stored run imports only that. Absent: read through the whole benchmark.
   */
  loadReader?(): Promise<AnyBenchmarkReader>;
  /**
   * Imports its reporting part (`BenchmarkAggregator`), where that is lighter than its reader; reporting
   * a stored run imports only that. Absent: reported through its reader.
   */
  loadAggregator?(): Promise<BenchmarkAggregator>;
}
