import { type ChildProcess, spawn, spawnSync, type SpawnSyncReturns } from 'node:child_process';
import net, { type AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** The project's own Node (the system one may be too old for MikroORM 7). */
export const NODE = path.join(ROOT, 'node_modules/.bin/node');
const SHOP_BIN = path.join(ROOT, 'bin/shop');
/**
 * Every shop process the tests start shares Node's on-disk compile cache: most of a CLI command's few seconds of CPU
 * is compiling the modules it loads, the same modules every time (measured ~20% less CPU per spawn). The cache is
 * keyed on each file's contents, so a new build is never served old code.
 */
export const COMPILE_CACHE = { NODE_COMPILE_CACHE: path.join(ROOT, 'var/compile-cache') };

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  output(): string;
  /** Resolves with the exit code (null when a signal ended the process). */
  exited: Promise<number | null>;
  /** Sends SIGTERM and resolves with the exit code. */
  stop(): Promise<number | null>;
}

/** A TCP port that was free a moment ago (for a server whose own URL must be known before it starts). */
export async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

/**
 * Runs the built server (`dist/src/main.js`) as a separate process. `via: 'bin/shop serve'` starts it exactly as `make
 * start` does, with the start command's node flags and environment (ADR 0027, 0084, 0088); `bin/shop` execs node, so the
 * child's pid is the server's.
 */
export async function startServerProcess(env: Record<string, string>, { via = 'node' }: { via?: 'node' | 'bin/shop serve' } = {}): Promise<ServerProcess> {
  const [command, args] = via === 'node' ? [NODE, [path.join(ROOT, 'dist/src/main.js')]] : [SHOP_BIN, ['serve']];
  const child = spawn(command, args, {
    cwd: ROOT,
    // PAYMENT_PROVIDER=test as `make start` chooses it: a production server refuses to start without a choice.
    env: { ...process.env, ...COMPILE_CACHE, NODE_ENV: 'production', PAYMENT_PROVIDER: 'test', LOG_LEVEL: 'warn', PORT: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));

  const url = await new Promise<string>((resolve, reject) => {
    // Generous for a busy machine; a server that still has not started is killed, not left running after the test.
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`The server did not start in 60 s:\n${output}`));
    }, 60_000);
    const onData = () => {
      const match = /serving at (http:\/\/\S+)/.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    };
    child.stdout!.on('data', onData);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`The server exited with ${code} before listening:\n${output}`));
    });
  });

  return {
    url,
    child,
    output: () => output,
    exited,
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      return exited;
    },
  };
}

/** Runs `bin/shop` with the given arguments and environment; never throws on a non-zero exit. */
export function runShop(args: string[], env: Record<string, string>, input?: string): SpawnSyncReturns<string> {
  return spawnSync(SHOP_BIN, args, {
    cwd: ROOT,
    env: { ...process.env, ...COMPILE_CACHE, NODE_ENV: 'production', ...env },
    encoding: 'utf8',
    input,
    timeout: 60_000,
  });
}

/**
 * `runShop` without blocking this process while the command runs. A template build holds a lock that proper-lockfile
 * refreshes from a timer every 5 s and others take over as stale after 30 s: `spawnSync` froze that timer for as long
 * as `db:seed --demo` ran (over 30 s on a loaded machine, issue 29's `make test-stress`), so another worker took the
 * lock, dropped the half-built template database under the running command (which died with exit 13, "unsettled
 * top-level await") and both suites failed.
 */
export function runShopAsync(args: string[], env: Record<string, string>): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(SHOP_BIN, args, { cwd: ROOT, env: { ...process.env, ...COMPILE_CACHE, NODE_ENV: 'production', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), 120_000);
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.on('close', (status) => {
      clearTimeout(timer);
      resolve({ status, stdout, stderr });
    });
  });
}

export interface WorkerProcess {
  child: ChildProcess;
  output(): string;
  /** Sends SIGTERM and resolves with the exit code. */
  stop(): Promise<number | null>;
}

/** Runs `bin/shop queue:work`, the worker-only process (PostgreSQL only: it shares the database with a server). */
export function startWorkerProcess(env: Record<string, string>): WorkerProcess {
  const child = spawn(SHOP_BIN, ['queue:work'], {
    cwd: ROOT,
    env: { ...process.env, ...COMPILE_CACHE, NODE_ENV: 'production', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return {
    child,
    output: () => output,
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      return exited;
    },
  };
}
