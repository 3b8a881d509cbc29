// Running the built CLI (bin/shop) as an operator would, measuring its wall time and peak RSS, for the
// operators' memory scripts (orders-export-memory.mjs, users-import-memory.mjs).
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';

export const useTime = existsSync('/usr/bin/time');

/** One statement on the server's maintenance database (create or drop the throwaway database). */
export async function adminQuery(adminUrl, sql) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/**
 * Runs bin/shop with `args`; resolves with seconds, peak RSS (MB) and output, rejects on a non-zero exit unless
 * `allowFailure`. Peak RSS from /usr/bin/time -v when it exists, else by sampling /proc/<pid>/status (VmHWM).
 */
export function runShopMeasured(root, args, env, { allowFailure = false } = {}) {
  const shopBin = path.join(root, 'bin/shop');
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const [command, argv] = useTime ? ['/usr/bin/time', ['-v', shopBin, ...args]] : [shopBin, args];
    const child = spawn(command, argv, { cwd: root, env: { ...process.env, NODE_ENV: 'production', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    let sampledKb = 0;
    // Without GNU time: the node process is the child itself (bin/shop execs node), so its VmHWM is the peak.
    const sampler = useTime ? null : setInterval(() => {
      try {
        const hwm = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'));
        if (hwm) sampledKb = Math.max(sampledKb, Number(hwm[1]));
      } catch { /* gone */ }
    }, 20);
    child.on('error', reject);
    child.on('close', (code) => {
      if (sampler) clearInterval(sampler);
      const seconds = (performance.now() - started) / 1000;
      const timeKb = /Maximum resident set size \(kbytes\): (\d+)/.exec(stderr);
      const peakMb = (timeKb ? Number(timeKb[1]) : sampledKb) / 1024;
      if (code !== 0 && !allowFailure) {
        reject(new Error(`shop ${args.join(' ')} exited ${code}:\n${stderr}`));
        return;
      }
      resolve({ code, seconds, peakMb, stdout, stderr: useTime ? stderr.split('\tCommand being timed')[0] : stderr });
    });
  });
}
