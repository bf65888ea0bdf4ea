/**
 * Computes the content digest `data pull` pins for a dataset (see src/datasets/content-digest.ts), either
 * from a commit of a git repository (no working copy needed: the ids come from the commit's tree, so a
 * mirror missing some file contents still gives the value) or from a folder on disk (to cross-check a
 * copy, or a pulled dataset).
 *
 *   npm run build
 *   node scripts/dataset-content-digest.ts --git <repository dir> <commit> <folder in the commit>
 *   node scripts/dataset-content-digest.ts <folder> [--exclude <relative path>]...
 */
import { execFileSync } from 'node:child_process';
import { contentDigestOf, digestFilesOf } from '../dist/datasets/content-digest.js';

const args = process.argv.slice(2);
const usage = () => {
  console.error(
    'usage: node scripts/dataset-content-digest.ts --git <repo> <commit> <folder>\n' +
      '       node scripts/dataset-content-digest.ts <folder> [--exclude <relative path>]...',
  );
  process.exit(2);
};

if (args[0] === '--git') {
  const [, repo, commit, folder] = args;
  if (!repo || !commit || !folder) usage();
  const prefix = `${folder.replace(/\/+$/, '')}/`;
  // `<mode> <type> <id>\t<path>` per entry, NUL-separated; only regular files (blobs that are not
  // symbolic links) are what an extraction keeps.
  const listing = execFileSync('git', ['-C', repo, 'ls-tree', '-r', '-z', '--full-tree', commit, '--', prefix], {
    encoding: 'utf8',
    maxBuffer: 64 << 20,
  });
  const files = [];
  for (const line of listing.split('\0').filter(Boolean)) {
    const [meta, path] = line.split('\t');
    const [mode, type, id] = meta.split(' ');
    if (type !== 'blob' || mode === '120000' || !path.startsWith(prefix)) continue;
    files.push({ path: path.slice(prefix.length), blobId: id });
  }
  console.log(`${files.length} files`);
  console.log(contentDigestOf(files));
} else {
  const folder = args[0];
  if (!folder || folder.startsWith('--')) usage();
  const exclude = [];
  for (let index = 1; index < args.length; index += 2) {
    if (args[index] !== '--exclude' || !args[index + 1]) usage();
    exclude.push(args[index + 1]);
  }
  const files = digestFilesOf(folder, exclude);
  console.log(`${files.length} files`);
  console.log(contentDigestOf(files));
}
