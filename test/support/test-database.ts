import { createHash } from 'node:crypto';
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { promisify } from 'node:util';
import lockfile from 'proper-lockfile';

const copyTree = promisify(execFile);

/**
 * Each test file gets a database of its own: a fresh PostgreSQL database on the local server when
 * TEST_DATABASE=postgres, else a fresh embedded (PGlite) folder. Nothing is shared between files.
 *
 * A file that wants what every file of its kind starts with (the migrations applied, the demo accounts seeded…)
 * asks for a copy of a TEMPLATE: built once, by whichever test file asks first (under a lock, as jest runs files
 * in parallel), then copied per file (`create database … template …` on PostgreSQL, a copy of the folder on
 * PGlite) in milliseconds instead of migrating and seeding again (docs/adr/0026-test-suite-time.md). The template
 * is keyed on the files it was built from, so a changed migration, seed or build never meets a stale one.
 */
export type DatabaseKind = 'pglite' | 'postgres';

export const databaseKind: DatabaseKind = process.env.TEST_DATABASE === 'postgres' ? 'postgres' : 'pglite';

/** The server the postgres runs use; `postgres` and trust auth on 127.0.0.1 as on these machines. */
export const POSTGRES_ADMIN_URL = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const TEMPLATES = path.join(ROOT, 'var/test-templates');

export interface TestDatabase {
  kind: DatabaseKind;
  /** Environment variables that point the shop at this database (DATA_DIR is always a fresh folder). */
  env: { DATA_DIR: string; DATABASE_URL?: string };
  drop(): Promise<void>;
}

export interface DatabaseTemplate {
  /** Short, [a-z0-9-]: names the template's folder and database. */
  name: string;
  /** Folders (relative to the project) whose files the template is built from: any change there rebuilds it. */
  builtFrom: string[];
  /** Fills the template's database (and DATA_DIR); must close every connection to it before returning. */
  build(database: TestDatabase): Promise<void>;
  /**
   * What a copy takes from the template's DATA_DIR besides the database: `database` (nothing else: the files a
   * process writes at start, such as generated secrets, are made afresh per test as before) or `data-dir`
   * (everything, e.g. the demo catalogue's pictures in DATA_DIR/files).
   */
  copy: 'database' | 'data-dir';
}

export async function createTestDatabase(template?: DatabaseTemplate): Promise<TestDatabase> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'shop-test-'));
  const source = template ? await ensureTemplate(template) : undefined;
  if (source) await copyTemplateFiles(source.dataDir, dataDir, template!.copy);
  if (databaseKind === 'pglite') {
    return { kind: 'pglite', env: { DATA_DIR: dataDir }, drop: () => rm(dataDir, { recursive: true, force: true }) };
  }
  const name = `shop_test_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  await withAdmin((client) => createDatabase(client, name, source?.databaseName));
  return postgresDatabase(name, dataDir);
}

/**
 * Copies what a copy of the template takes from its DATA_DIR: `db` (the PGlite folder, ~1,300 files and 42 MB) or
 * everything (the demo shop's ~1,900 files and 51 MB with its pictures), never a lock (`db.lock`, a directory
 * proper-lockfile makes beside the folder). By `cp -a`, not Node's `fs.cp`, which walks the tree file by file in
 * JavaScript (with a filter called for each): on a busy 2-core machine 0.4–4.4 s slower per copy, in nine pairs of nine
 * (docs/adr/0026-test-suite-time.md, addendum 5). Every PGlite e2e file and every browser journey starts with one.
 */
async function copyTemplateFiles(from: string, to: string, what: DatabaseTemplate['copy']): Promise<void> {
  const names = what === 'data-dir' ? (await readdir(from)).filter((name) => !name.endsWith('.lock')) : ['db'];
  const present = names.filter((name) => existsSync(path.join(from, name)));
  if (present.length > 0) await copyTree('cp', ['-a', ...present.map((name) => path.join(from, name)), to]);
}

function postgresDatabase(name: string, dataDir: string): TestDatabase {
  const url = new URL(POSTGRES_ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    kind: 'postgres',
    env: { DATA_DIR: dataDir, DATABASE_URL: url.toString() },
    drop: async () => {
      await withAdmin((client) => client.query(`drop database if exists ${name} with (force)`));
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

async function createDatabase(client: pg.Client, name: string, template: string | undefined): Promise<void> {
  if (!template) {
    await client.query(`create database ${name}`);
    return;
  }
  // PostgreSQL refuses to copy a template while any session is connected to it; none should be (the builder closes
  // its connections), but a pool's connection may take a moment to go away.
  for (let attempt = 1; ; attempt++) {
    try {
      await client.query(`create database ${name} template ${template}`);
      return;
    } catch (error) {
      if (attempt >= 50 || !/being accessed by other users/.test(String(error))) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

interface BuiltTemplate {
  dataDir: string;
  databaseName?: string;
}

async function ensureTemplate(template: DatabaseTemplate): Promise<BuiltTemplate> {
  const key = await fingerprint(template);
  const prefix = `${databaseKind}-${template.name}-`;
  const folder = path.join(TEMPLATES, `${prefix}${key}`);
  const dataDir = path.join(folder, 'data');
  const rootTag = createHash('sha256').update(ROOT).digest('hex').slice(0, 6);
  const databasePrefix = `shop_tpl_${rootTag}_${template.name.replace(/-/g, '_')}_`;
  const databaseName = databaseKind === 'postgres' ? `${databasePrefix}${key}` : undefined;
  const ready = path.join(folder, 'ready');
  // Built and, on PostgreSQL, still there (a server reset between runs would leave only the folder).
  const isBuilt = async () =>
    existsSync(ready) &&
    (!databaseName || (await withAdmin((client) => client.query('select 1 from pg_database where datname = $1', [databaseName]))).rowCount === 1);
  if (await isBuilt()) return { dataDir, databaseName };

  await mkdir(TEMPLATES, { recursive: true });
  const release = await lockfile.lock(TEMPLATES, {
    lockfilePath: path.join(TEMPLATES, `${prefix}building.lock`),
    realpath: false,
    stale: 30_000,
    update: 5_000,
    retries: { retries: 1_000, minTimeout: 100, maxTimeout: 300, factor: 1.2 },
  });
  try {
    if (await isBuilt()) return { dataDir, databaseName };
    // Templates of this kind built from older files go: their folders, and on PostgreSQL their databases.
    for (const entry of await readdir(TEMPLATES)) {
      if (entry.startsWith(prefix) && !entry.endsWith('.lock')) await rm(path.join(TEMPLATES, entry), { recursive: true, force: true });
    }
    await mkdir(dataDir, { recursive: true });
    let database: TestDatabase;
    if (databaseName) {
      await withAdmin(async (client) => {
        const old = await client.query<{ datname: string }>('select datname from pg_database where datname like $1', [`${databasePrefix}%`]);
        for (const { datname } of old.rows) await client.query(`drop database if exists ${datname} with (force)`);
        await client.query(`create database ${databaseName}`);
      });
      database = { ...postgresDatabase(databaseName, dataDir), drop: async () => undefined };
    } else {
      database = { kind: 'pglite', env: { DATA_DIR: dataDir }, drop: async () => undefined };
    }
    await template.build(database);
    await writeFile(ready, new Date().toISOString());
    return { dataDir, databaseName };
  } finally {
    await release();
  }
}

/** The sizes and times of every file the template is built from, with the database it is for. */
async function fingerprint(template: DatabaseTemplate): Promise<string> {
  const hash = createHash('sha256').update(`${databaseKind}\n${POSTGRES_ADMIN_URL}\n${template.name}\n`);
  const walk = async (folder: string): Promise<void> => {
    const entries = await readdir(folder, { withFileTypes: true }).catch(() => []);
    for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
      const full = path.join(folder, entry.name);
      if (entry.isDirectory()) await walk(full);
      else {
        const info = await stat(full);
        hash.update(`${path.relative(ROOT, full)} ${info.size} ${info.mtimeMs}\n`);
      }
    }
  };
  for (const folder of template.builtFrom) await walk(path.join(ROOT, folder));
  return hash.digest('hex').slice(0, 12);
}

async function withAdmin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}
