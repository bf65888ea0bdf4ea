import type { Command } from 'commander';
import { DATASETS, findDataset } from '../../datasets/dataset-table.js';

/** `toolgauge data pull <name>` / `toolgauge data list`: fetch a benchmark's original data into a cache. */
export function registerData(program: Command): void {
  const data = program.command('data').description("download benchmarks' original data into a local cache");
  data
    .command('list')
    .description('list the datasets `data pull` knows')
    .action(() => {
      for (const dataset of DATASETS) {
        process.stdout.write(`${dataset.name} (${dataset.version})  ${dataset.description}\n  ${dataset.url}\n`);
      }
    });
  data
    .command('pull')
    .description('download a pinned dataset archive, check its SHA-256, extract it and print the folder for --data')
    .argument('<name>', `dataset name (${DATASETS.map((dataset) => dataset.name).join(', ')})`)
    .option('--cache-dir <dir>', 'where datasets are kept (default ~/.cache/toolgauge/datasets)')
    .option('--sha256 <hex>', 'require this SHA-256 of the archive')
    .action(async (name: string, options: { cacheDir?: string; sha256?: string }) => {
      const source = findDataset(name);
      const { pullDataset } = await import('../../datasets/pull-dataset.js');
      const pulled = await pullDataset(source, {
        ...(options.cacheDir ? { cacheDir: options.cacheDir } : {}),
        ...(options.sha256 ? { sha256: options.sha256 } : {}),
      });
      if (pulled.recordedHash) {
        process.stderr.write(
          `note: no SHA-256 is pinned for ${name} ${source.version}; recorded ${pulled.sha256} for later pulls (pin it with --sha256)\n`,
        );
      }
      process.stderr.write(`${pulled.downloaded ? 'downloaded' : 'already in the cache'}: ${name} ${source.version}\n`);
      process.stderr.write(`use: ${source.use.replace('<path>', pulled.path)}\n`);
      process.stdout.write(`${pulled.path}\n`);
    });
}
