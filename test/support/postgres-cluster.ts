import { execFile, execFileSync } from 'node:child_process';
import { promisify } from 'node:util';
import { existsSync, readdirSync } from 'node:fs';
import { chmod, chown, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './server-process.js';

/**
 * A PostgreSQL server of the test's own (initdb in a temporary folder, a free port, its socket in that folder), for
 * tests that stop and start the server under the shop: the machine's shared server, which other test files use at
 * the same time, is never touched. Run as root (as on these machines) it runs the binaries as `postgres`.
 */
export interface PostgresCluster {
  port: number;
  /** The URL of a database in this cluster. */
  urlOf(database: string): string;
  /** Copies a database of the shared test server (schema and rows) into this cluster under the same name. */
  copyFrom(sourceUrl: string, database: string): void;
  /** `pg_ctl stop -m fast`: every session is ended, new connections are refused. */
  stop(): Promise<void>;
  /** `pg_ctl start`, resolving once it accepts connections. */
  start(): Promise<void>;
  /** Stops it (if running) and deletes its folder. */
  destroy(): Promise<void>;
}

/** The server binaries: TEST_POSTGRES_BIN, else the newest /usr/lib/postgresql/<version>/bin (Debian's layout). */
export function postgresBinaries(): string | null {
  if (process.env.TEST_POSTGRES_BIN) return process.env.TEST_POSTGRES_BIN;
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  const versions = readdirSync(root).filter((name) => existsSync(path.join(root, name, 'bin', 'initdb'))).sort((a, b) => Number(b) - Number(a));
  return versions[0] ? path.join(root, versions[0], 'bin') : null;
}

export async function startPostgresCluster(): Promise<PostgresCluster> {
  const bin = postgresBinaries();
  if (!bin) throw new Error('No PostgreSQL server binaries (initdb, pg_ctl) found: set TEST_POSTGRES_BIN.');
  const folder = await mkdtemp(path.join(os.tmpdir(), 'shop-pg-'));
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    // initdb refuses to run as root: the folder is handed to the postgres user.
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
    await chown(folder, uid, gid);
    await chmod(folder, 0o700);
  }
  // Asynchronous, so the test's own requests keep going while the server stops and starts.
  const run = async (tool: string, args: string[]) => {
    const [file, all] = asRoot ? ['runuser', ['-u', 'postgres', '--', path.join(bin, tool), ...args]] : [path.join(bin, tool), args];
    await promisify(execFile)(file, all, { timeout: 60_000 });
  };
  const data = path.join(folder, 'data');
  const port = await freePort();
  await run('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8']);
  // fsync off: the data is thrown away; the socket lives in the folder, not in /var/run/postgresql.
  const options = `-p ${port} -k ${folder} -c listen_addresses=127.0.0.1 -c fsync=off -c full_page_writes=off`;
  const start = () => run('pg_ctl', ['-D', data, '-o', options, '-l', path.join(folder, 'server.log'), '-w', '-t', '30', 'start']);
  await start();
  let running = true;
  const urlOf = (database: string) => `postgres://postgres@127.0.0.1:${port}/${database}`;

  return {
    port,
    urlOf,
    copyFrom(sourceUrl, database) {
      execFileSync(path.join(bin, 'psql'), ['-q', '-d', urlOf('postgres'), '-c', `create database ${database}`], { stdio: 'pipe' });
      const dump = execFileSync(path.join(bin, 'pg_dump'), ['--no-owner', '--no-privileges', '-d', sourceUrl], { maxBuffer: 256 * 1024 * 1024 });
      execFileSync(path.join(bin, 'psql'), ['-q', '-v', 'ON_ERROR_STOP=1', '-d', urlOf(database)], { input: dump, stdio: ['pipe', 'pipe', 'pipe'] });
    },
    async stop() {
      await run('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']);
      running = false;
    },
    async start() {
      await start();
      running = true;
    },
    async destroy() {
      if (running) {
        try {
          await run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
        } catch {
          // already stopped
        }
      }
      await rm(folder, { recursive: true, force: true });
    },
  };
}

