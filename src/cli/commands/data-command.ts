import { type Command, InvalidArgumentError } from 'commander';
import { findDataset, knownDatasets } from '../../datasets/dataset-table.js';
import { redactUrls } from '../../models/providers/endpoint.js';
import { EXIT_CODES } from '../../runs/outputs/exit-codes.js';
import { UsageError } from '../usage-error.js';

interface PullFlags {
  cacheDir?: string;
  sha256?: string;
  from?: string;
  maxDownloadMb: number;
  maxExpandedMb: number;
  maxEntries: number;
  timeout: number;
  maxTime: number;
}

/** A positive number (decimals allowed), for sizes in MiB and times in seconds. */
function positive(value: string): number {
  const number = Number(value);
  if (value.trim() === '' || !Number.isFinite(number) || number <= 0)
    throw new InvalidArgumentError('expected a positive number.');
  return number;
}

function positiveInteger(value: string): number {
  const number = positive(value);
  if (!Number.isInteger(number)) throw new InvalidArgumentError('expected a positive whole number.');
  return number;
}

/** The mirror URL of `--from`: http or https (what `fetch` speaks), with nothing to guess. */
function mirrorUrl(value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new UsageError(`--from ${value} is not a URL; give the archive's http(s) address`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new UsageError(
      `--from takes an http or https URL, not ${url.protocol}; to pull an archive you have on disk, serve its folder (e.g. \`python3 -m http.server\`) and give that URL`,
    );
  }
  return url.href;
}

/** `toolgauge data pull <name>` / `toolgauge data list`: fetch a benchmark's original data into a cache. */
export function registerData(program: Command): void {
  const data = program.command('data').description("download benchmarks' original data into a local cache");
  data
    .command('list')
    .description('list the datasets `data pull` knows')
    .action(() => {
      for (const dataset of knownDatasets()) {
        process.stdout.write(`${dataset.name} (${dataset.version})  ${dataset.description}\n  ${dataset.url}\n`);
      }
    });
  data
    .command('pull')
    .description(
      'download a pinned dataset archive (bounded in size and time), check its files against the pinned digest, extract it and print the folder for --data',
    )
    .argument(
      '<name>',
      `dataset name (${knownDatasets()
        .map((dataset) => dataset.name)
        .join(', ')})`,
    )
    .option('--cache-dir <dir>', 'where datasets are kept (default ~/.cache/toolgauge/datasets)')
    .option('--from <url>', "download the archive from this http(s) URL (a mirror) instead of the dataset's own")
    .option('--sha256 <hex>', 'also require this SHA-256 of the archive file')
    .option('--max-download-mb <mib>', 'refuse an archive larger than this', positive, 256)
    .option('--max-expanded-mb <mib>', 'refuse an archive that unpacks to more than this', positive, 1024)
    .option('--max-entries <count>', 'refuse an archive with more entries than this', positiveInteger, 10_000)
    .option('--timeout <seconds>', 'fail when nothing arrives for this long', positive, 30)
    .option('--max-time <seconds>', 'fail when the whole download takes longer than this', positive, 600)
    .action(async (name: string, options: PullFlags) => {
      if (!knownDatasets().some((dataset) => dataset.name === name)) {
        throw new UsageError(
          `unknown dataset "${name}"; known datasets: ${knownDatasets()
            .map((dataset) => dataset.name)
            .join(', ')} (see \`toolgauge data list\`)`,
        );
      }
      const source = findDataset(name);
      if (options.sha256 !== undefined && !/^[0-9a-f]{64}$/i.test(options.sha256))
        throw new UsageError(`--sha256 ${options.sha256} is not a SHA-256 (64 hex digits)`);
      const from = options.from === undefined ? undefined : mirrorUrl(options.from);
      const { pullDataset } = await import('../../datasets/pull-dataset.js');
      // Ctrl-C (or SIGTERM) stops the download and removes what it wrote, instead of leaving a staging folder.
      const interrupt = new AbortController();
      const onSignal = () => interrupt.abort();
      process.once('SIGINT', onSignal);
      process.once('SIGTERM', onSignal);
      let pulled: Awaited<ReturnType<typeof pullDataset>>;
      try {
        pulled = await pullDataset(source, {
          ...(options.cacheDir ? { cacheDir: options.cacheDir } : {}),
          ...(options.sha256 ? { sha256: options.sha256 } : {}),
          ...(from ? { from } : {}),
          signal: interrupt.signal,
          limits: {
            maxDownloadBytes: Math.round(options.maxDownloadMb * 2 ** 20),
            maxExpandedBytes: Math.round(options.maxExpandedMb * 2 ** 20),
            maxEntries: options.maxEntries,
            idleTimeoutMs: Math.round(options.timeout * 1000),
            totalTimeoutMs: Math.round(options.maxTime * 1000),
          },
        });
      } catch (error) {
        if (!interrupt.signal.aborted) throw error;
        process.stderr.write(`toolgauge: data pull ${name} interrupted; nothing was written\n`);
        process.exitCode = EXIT_CODES.interrupted;
        return;
      } finally {
        process.off('SIGINT', onSignal);
        process.off('SIGTERM', onSignal);
      }
      if (pulled.recordedHash) {
        process.stderr.write(
          `note: nothing is pinned for ${name} ${source.version}; recorded its content digest ${pulled.contentDigest} for later pulls\n`,
        );
      }
      const checked = source.contentDigest ? ' (its files match the pinned content digest)' : '';
      process.stderr.write(
        `${pulled.downloaded ? `downloaded${from ? ` from ${redactUrls(from)}` : ''}` : 'already in the cache'}: ${name} ${source.version}${checked}\n`,
      );
      process.stderr.write(`use: ${source.use.replace('<path>', pulled.path)}\n`);
      process.stdout.write(`${pulled.path}\n`);
    });
}
