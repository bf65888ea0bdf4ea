import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, readdirSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * A throw-away PostgreSQL cluster for the tests that use a PostgreSQL store, started with Debian's
 * PostgreSQL (`.ci/run` installs it; those tests are skipped when it is absent).
 */

/** Debian's PostgreSQL server binaries, newest version first; undefined when not installed. */
export function postgresBin(): string | undefined {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root).sort((a, b) => Number(b) - Number(a));
  return versions.map((version) => join(root, version, 'bin')).find((dir) => existsSync(join(dir, 'initdb')));
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** A throw-away cluster; PostgreSQL refuses to run as root, so as root it runs as the `postgres` user. */
export async function startCluster(binDir: string): Promise<{ url: string; stop: () => Promise<void> }> {
  const dir = await mkdtemp(join(tmpdir(), 'toolgauge-pg-'));
  const asRoot = process.getuid?.() === 0;
  if (asRoot) chownSync(dir, Number(execFileSync('id', ['-u', 'postgres']).toString()), 0);
  const command = (program: string, args: string[]) =>
    asRoot
      ? execFileSync('runuser', ['-u', 'postgres', '--', join(binDir, program), ...args], { stdio: 'ignore' })
      : execFileSync(join(binDir, program), args, { stdio: 'ignore' });
  const data = join(dir, 'data');
  command('initdb', ['-D', data, '-A', 'trust', '-U', 'toolgauge', '-E', 'UTF8', '--no-sync']);
  const port = await freePort();
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=50`;
  command('pg_ctl', ['-D', data, '-o', options, '-l', join(dir, 'log'), '-w', 'start']);
  return {
    url: `postgres://toolgauge@127.0.0.1:${port}/postgres`,
    stop: async () => {
      command('pg_ctl', ['-D', data, '-m', 'immediate', 'stop']);
      await rm(dir, { recursive: true, force: true });
    },
  };
}
