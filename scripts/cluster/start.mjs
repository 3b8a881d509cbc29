// `make cluster`: two shop instances, one queue worker and nginx on loopback, on one PostgreSQL database, with
// the demo data. For seeing the multi-instance shape work (docs/operations.md); stop with Ctrl-C.
//   DATABASE_URL  the database (default: shop_cluster on the local server, created when missing)
//   INSTANCES     how many web instances (default 2); CLUSTER_PORT  nginx's port (default 8080)
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import pg from 'pg';
import { ROOT, startCluster } from './cluster.mjs';

const databaseUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/shop_cluster';
const dataDir = path.resolve(process.env.DATA_DIR ?? path.join(ROOT, 'var/cluster'));

async function ensureDatabase(url) {
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.slice(1));
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    const found = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount === 0) await client.query(`create database "${name.replaceAll('"', '""')}"`);
  } finally {
    await client.end();
  }
}

function shop(args) {
  const run = spawnSync(path.join(ROOT, 'bin/shop'), args, { env: { ...process.env, NODE_ENV: 'production', DATABASE_URL: databaseUrl, DATA_DIR: dataDir }, stdio: 'inherit' });
  if (run.status !== 0) process.exit(run.status ?? 1);
}

await ensureDatabase(databaseUrl);
shop(['db:migrate']);
shop(['db:seed', '--demo']);
const cluster = await startCluster({
  databaseUrl,
  dataDir,
  instances: Number(process.env.INSTANCES ?? 2),
  port: Number(process.env.CLUSTER_PORT ?? 8080),
});
console.log(`\nThe shop is served by nginx at ${cluster.url}`);
for (const instance of cluster.instances) console.log(`  ${instance.name}: ${instance.url} (pid ${instance.child.pid})`);
console.log(`  worker: pid ${cluster.worker.child.pid}; nginx: pid ${cluster.balancer.child.pid}`);
console.log('Ctrl-C stops them all.');
const stop = async () => {
  await cluster.stop();
  process.exit(0);
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
