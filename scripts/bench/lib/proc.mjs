// What the machine did during a run, read from /proc: CPU of the server under test, of its database
// backends, of this (load-generating) process and of everything else ("foreign"), and the server's RSS.
import { readdirSync, readFileSync } from 'node:fs';

/** USER_HZ: the unit of /proc CPU times; 100 on every Linux build we run on (`getconf CLK_TCK`). */
const TICKS_PER_SECOND = 100;
const SAMPLE_MS = 250;

function read(file) {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return null; // the process is gone
  }
}

/** Busy CPU time of the whole machine so far, in seconds (all cores): everything but idle and iowait. */
export function machineBusySeconds() {
  const fields = read('/proc/stat').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
  const [user, nice, system, , , irq, softirq, steal] = fields;
  return (user + nice + system + irq + softirq + steal) / TICKS_PER_SECOND;
}

/** CPU seconds a process has used, and when it started (seconds after boot); null once it has exited. */
export function processCpu(pid) {
  const stat = read(`/proc/${pid}/stat`);
  if (!stat) return null;
  // The command name (field 2) may hold spaces; what follows the last ')' starts at field 3.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return { seconds: (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND, startedAt: Number(fields[19]) / TICKS_PER_SECOND };
}

/**
 * CPU seconds a process has run so far, to the nanosecond: the scheduler's own count (/proc/PID/schedstat, first
 * field), where processCpu has 10 ms ticks, too coarse for a statement of a few milliseconds. Falls back to the
 * ticks on a kernel without schedstat; null once the process has exited.
 */
export function processRunSeconds(pid) {
  const schedstat = read(`/proc/${pid}/schedstat`);
  if (schedstat) return Number(schedstat.split(' ')[0]) / 1e9;
  return processCpu(pid)?.seconds ?? null;
}

/** Resident memory now and its peak since the process started, in MB. */
export function processMemory(pid) {
  const status = read(`/proc/${pid}/status`);
  if (!status) return null;
  const kb = (name) => Number(new RegExp(`^${name}:\\s+(\\d+)`, 'm').exec(status)?.[1] ?? 0);
  return { rssMb: kb('VmRSS') / 1024, peakRssMb: kb('VmHWM') / 1024 };
}

export function uptimeSeconds() {
  return Number(read('/proc/uptime').split(' ')[0]);
}

/**
 * The PostgreSQL processes working for one database: its backends (their process title names the database) and the
 * parallel workers they start for a parallel scan ("postgres: parallel worker for PID <leader>", a title without the
 * database: issue 30 item 6 — they were counted as other processes' CPU, so a run with parallel scans looked noisy).
 */
export function backendsOf(database) {
  const title = new RegExp(`^postgres: (?:\\S+: )?\\S+ ${database} `);
  const parallelWorker = /^postgres: (?:\S+: )?parallel worker for PID (\d+)/;
  const pids = [];
  const workers = []; // [pid, leader pid]
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const cmdline = read(`/proc/${entry}/cmdline`)?.replaceAll('\0', ' ');
    if (!cmdline) continue;
    if (title.test(cmdline)) pids.push(Number(entry));
    else {
      const leader = parallelWorker.exec(cmdline)?.[1];
      if (leader) workers.push([Number(entry), Number(leader)]);
    }
  }
  const ours = new Set(pids);
  for (const [pid, leader] of workers) if (ours.has(leader)) pids.push(pid);
  return pids;
}

/**
 * Samples during one run. `serverPid` is the process under load; `ourPids` every process of the bench
 * (the other server idles but is ours); backends of `database` count as the database's CPU even when they
 * connect mid-run (a pool growing under load).
 */
export function startSampling({ serverPid, ourPids, database }) {
  const startedAt = uptimeSeconds();
  const wall = performance.now();
  const machine = machineBusySeconds();
  const self = process.cpuUsage();
  const ours = new Map(ourPids.map((pid) => [pid, processCpu(pid)?.seconds ?? 0]));
  const backends = new Map(); // pid → {first, last} CPU seconds
  let peakRssMb = 0;

  const sample = () => {
    peakRssMb = Math.max(peakRssMb, processMemory(serverPid)?.rssMb ?? 0);
    for (const pid of backendsOf(database)) {
      const cpu = processCpu(pid);
      if (!cpu) continue;
      const known = backends.get(pid);
      // A backend born during the run spent all its CPU in it; one from before only what it adds now.
      if (!known) backends.set(pid, { first: cpu.startedAt >= startedAt ? 0 : cpu.seconds, last: cpu.seconds });
      else known.last = cpu.seconds;
    }
  };
  sample();
  const timer = setInterval(sample, SAMPLE_MS);

  return function stop() {
    clearInterval(timer);
    sample();
    const elapsed = (performance.now() - wall) / 1000;
    const used = (pid) => Math.max(0, (processCpu(pid)?.seconds ?? ours.get(pid)) - ours.get(pid));
    const selfUsage = process.cpuUsage(self);
    const clientSeconds = (selfUsage.user + selfUsage.system) / 1e6;
    const serverSeconds = used(serverPid);
    const otherOursSeconds = ourPids.filter((pid) => pid !== serverPid).reduce((sum, pid) => sum + used(pid), 0);
    const databaseSeconds = [...backends.values()].reduce((sum, b) => sum + (b.last - b.first), 0);
    const machineSeconds = machineBusySeconds() - machine;
    const foreignSeconds = Math.max(0, machineSeconds - serverSeconds - otherOursSeconds - databaseSeconds - clientSeconds);
    return {
      elapsed,
      serverCpuSeconds: serverSeconds,
      databaseCpuSeconds: databaseSeconds,
      clientCpuSeconds: clientSeconds,
      machineCpuSeconds: machineSeconds,
      /** In cores: 0.1 is a tenth of one core, on average over the run. */
      foreignCores: foreignSeconds / elapsed,
      serverCores: serverSeconds / elapsed,
      /** Both servers of the bench together (the one under load and the idle one). */
      ourCores: (serverSeconds + otherOursSeconds) / elapsed,
      databaseCores: databaseSeconds / elapsed,
      clientCores: clientSeconds / elapsed,
      peakRssMb,
    };
  };
}
