#!/usr/bin/env node
// Issue 13: a customer downloading a 200 MB file must not grow the shop's RSS by more than 50 MB (the file is
// streamed from storage, never held whole). Runs the built shop (`make build` first) as `make start` does, on a
// throwaway PostgreSQL database, with the file on local disk; samples the server's RSS from /proc while a real
// HTTP client downloads the file whole and then resumes it from the middle with a Range request.
//
//   node scripts/bench/download-memory.mjs            (DOWNLOAD_MB=200, BENCH_POSTGRES_URL=postgres://postgres@127.0.0.1:5432/postgres)
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createWriteStream, mkdirSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';

const root = path.resolve(import.meta.dirname, '../..');
const MB = 1024 * 1024;
const size = Number(process.env.DOWNLOAD_MB ?? 200) * MB;
const limitMb = 50;
const adminUrl = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const database = `shop_download_memory_${process.pid}`;
const url = new URL(adminUrl);
url.pathname = `/${database}`;
const databaseUrl = url.toString();
const dataDir = path.join(root, 'var/bench/download-memory');
const port = Number(process.env.PORT ?? 3987);
const base = `http://127.0.0.1:${port}`;
const env = { ...process.env, DATABASE_URL: databaseUrl, DATA_DIR: dataDir, NODE_ENV: 'production', PAYMENT_PROVIDER: 'test', LOG_LEVEL: 'warn', PORT: String(port), PUBLIC_URL: base };
const node = path.join(root, 'node_modules/.bin/node');

async function sql(connection, text, params = []) {
  const client = new pg.Client({ connectionString: connection });
  await client.connect();
  try {
    return (await client.query(text, params)).rows;
  } finally {
    await client.end();
  }
}

function shop(args) {
  const result = spawnSync(path.join(root, 'bin/shop'), args, { cwd: root, env, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`shop ${args.join(' ')} failed:\n${result.stdout}${result.stderr}`);
}

function rssMb(pid) {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) / 1024 : NaN;
}

/** Samples the process's RSS every 10 ms while `work` runs; answers the work's result and the peak. */
async function peakDuring(pid, work) {
  let peak = rssMb(pid);
  let running = true;
  const sampler = (async () => {
    while (running) {
      peak = Math.max(peak, rssMb(pid));
      await sleep(10);
    }
  })();
  try {
    const result = await work();
    return { result, peak: Math.max(peak, rssMb(pid)) };
  } finally {
    running = false;
    await sampler;
  }
}

/** Reads a response body to the end without keeping it: the client must not be what holds the bytes. */
async function drain(response) {
  let bytes = 0;
  for await (const chunk of response.body) bytes += chunk.length;
  return bytes;
}

async function writeBigFile(file) {
  mkdirSync(path.dirname(file), { recursive: true });
  const block = randomBytes(MB);
  const out = createWriteStream(file);
  for (let written = 0; written < size; written += MB) {
    if (!out.write(block.subarray(0, Math.min(MB, size - written)))) await new Promise((resolve) => out.once('drain', resolve));
  }
  await new Promise((resolve, reject) => out.end((error) => (error ? reject(error) : resolve())));
  writeFileSync(`${file}~content-type`, 'video/mp4');
}

async function main() {
  await sql(adminUrl, `drop database if exists ${database} with (force)`);
  await sql(adminUrl, `create database ${database}`);
  rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(dataDir, { recursive: true });
  let server;
  try {
    shop(['db:migrate']);
    shop(['db:seed', '--demo']); // the demo accounts (and catalogue)
    const key = 'private/bench/induction-video-200mb.mp4';
    await writeBigFile(path.join(dataDir, 'files', ...key.split('/')));

    // A published product whose download option unlocks the file, and a paid order of it for the demo customer.
    const [product] = await sql(databaseUrl, `insert into products (slug, title, code, summary, description, status, featured, price_from, created_at)
      values ('induction-video', 'Site Induction Video', 'BENCH-VID', '', '', 'published', false, 4900, now()) returning id`);
    const [file] = await sql(databaseUrl, `insert into product_files (product_id, name, storage_key, content_type, size) values ($1, 'Site induction (full).mp4', $2, 'video/mp4', $3) returning id`, [product.id, key, size]);
    const [option] = await sql(databaseUrl, `insert into product_options (product_id, name, code, price, weight, qty, kind, file_id, active, sort_order)
      values ($1, 'Download', 'BENCH-VID-DL', 4900, 0, null, 'download', $2, true, 0) returning id`, [product.id, file.id]);
    const [customer] = await sql(databaseUrl, `select id from users where email = 'customer@example.com'`);
    const address = JSON.stringify({ name: 'Casey Customer', company: null, line1: '1 High Street', line2: null, town: 'Leeds', county: null, postcode: 'LS1 4AP', country: 'GB' });
    const [order] = await sql(databaseUrl, `insert into orders (number, customer_id, status, billing_address, subtotal, delivery_total, vat, grand_total, payment_method, paid_at)
      values ('HS-BENCH-1', $1, 'paid', $2, 4900, 0, 980, 5880, 'card', now()) returning id`, [customer.id, address]);
    await sql(databaseUrl, `insert into order_lines (order_id, position, product_id, option_id, title, option_name, code, kind, unit_price, qty, line_total)
      values ($1, 0, $2, $3, 'Site Induction Video', 'Download', 'BENCH-VID-DL', 'download', 4900, 1, 4900)`, [order.id, product.id, option.id]);

    const logFile = path.join(root, 'var/bench/download-memory.log');
    server = spawn(node, [path.join(root, 'dist/src/main.js')], { cwd: root, env, stdio: ['ignore', openSync(logFile, 'w'), openSync(logFile, 'a')] });
    for (let i = 0; ; i++) {
      if (i > 300) throw new Error(`the shop did not start; see ${logFile}`);
      try {
        if ((await fetch(`${base}/api/health`)).ok) break;
      } catch {
        // not listening yet
      }
      await sleep(200);
    }

    const login = await fetch(`${base}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'customer@example.com', password: 'demo-customer-password' }) });
    const { token } = await login.json();
    const auth = { authorization: `Bearer ${token}` };
    const [download] = await (await fetch(`${base}/api/downloads`, { headers: auth })).json();
    if (!download || download.size !== size) throw new Error(`the download is not listed as expected: ${JSON.stringify(download)}`);

    // Warm up the code path (first request loads modules and fills caches), then settle and take the baseline.
    await drain(await fetch(`${base}${download.url}`, { headers: { ...auth, range: 'bytes=0-1048575' } }));
    global.gc?.();
    await sleep(1500);
    const samples = [];
    for (let i = 0; i < 20; i++) {
      samples.push(rssMb(server.pid));
      await sleep(50);
    }
    const baseline = samples.sort((a, b) => a - b)[Math.floor(samples.length / 2)];

    const started = performance.now();
    const whole = await peakDuring(server.pid, async () => {
      const response = await fetch(`${base}${download.url}`, { headers: auth });
      if (response.status !== 200) throw new Error(`download answered ${response.status}`);
      return drain(response);
    });
    const seconds = (performance.now() - started) / 1000;
    const half = Math.floor(size / 2);
    const resumed = await peakDuring(server.pid, async () => {
      const response = await fetch(`${base}${download.url}`, { headers: { ...auth, range: `bytes=${half}-` } });
      if (response.status !== 206) throw new Error(`the resumed download answered ${response.status}`);
      return drain(response);
    });

    await sleep(1000);
    const after = rssMb(server.pid);
    // A third, whole download: if the server held files in memory, or leaked per download, RSS would climb again.
    const again = await peakDuring(server.pid, async () => drain(await fetch(`${base}${download.url}`, { headers: auth })));
    const growth = Math.max(whole.peak, resumed.peak) - baseline;
    const report = {
      file_mb: size / MB,
      received_mb: +(whole.result / MB).toFixed(1),
      resumed_mb: +(resumed.result / MB).toFixed(1),
      seconds: +seconds.toFixed(2),
      throughput_mb_s: +((whole.result / MB) / seconds).toFixed(1),
      rss_baseline_mb: +baseline.toFixed(1),
      rss_peak_mb: +Math.max(whole.peak, resumed.peak).toFixed(1),
      rss_growth_mb: +growth.toFixed(1),
      // Whether the growth is kept and reused (a second download adds nothing) or grows with every download.
      rss_after_mb: +after.toFixed(1),
      second_download_peak_mb: +again.peak.toFixed(1),
      limit_mb: limitMb,
    };
    console.log(JSON.stringify(report, null, 2));
    if (whole.result !== size || resumed.result !== size - half) throw new Error('the bytes received do not match the file');
    if (growth > limitMb) {
      console.error(`RSS grew by ${growth.toFixed(1)} MB while downloading, more than ${limitMb} MB.`);
      process.exitCode = 1;
    }
  } finally {
    if (server && server.exitCode === null) {
      server.kill('SIGTERM');
      await new Promise((resolve) => server.once('exit', resolve));
    }
    await sql(adminUrl, `drop database if exists ${database} with (force)`);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
