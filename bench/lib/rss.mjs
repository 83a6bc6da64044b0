// Resident memory of a process, from /proc (Linux).
import { readdirSync, readFileSync } from 'node:fs';
import { sleep } from './report.mjs';

/** VmRSS of a process in MiB (null when it is gone). */
export function rssMb(pid) {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const match = /VmRSS:\s+(\d+) kB/.exec(status);
    return match ? Math.round((Number(match[1]) / 1024) * 10) / 10 : null;
  } catch {
    return null;
  }
}

/** RSS of each process of a stack: { identity: 123.4, ... }. */
export function stackRss(stack) {
  return Object.fromEntries(stack.processes.map(({ name, child }) => [name, rssMb(child.process.pid)]));
}

/** Samples every process's RSS while `work` runs; returns the peak per process. */
export async function peakRssDuring(stack, work, intervalMs = 250) {
  const peak = {};
  const sample = () => {
    for (const [name, value] of Object.entries(stackRss(stack))) {
      if (value !== null) peak[name] = Math.max(peak[name] ?? 0, value);
    }
  };
  sample();
  const timer = setInterval(sample, intervalMs);
  try {
    const result = await work();
    sample();
    return { result, peak };
  } finally {
    clearInterval(timer);
  }
}

/** CPU time (user + system, ms) a process has used so far, from /proc/<pid>/stat (null when it is gone). */
export function cpuMs(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10; // utime, stime in clock ticks of 10 ms
  } catch {
    return null;
  }
}

/** Per database: the last CPU time read of each of its backends, and what the backends that ended had used. */
const backends = new Map();

/**
 * CPU time (ms) used so far by the PostgreSQL backends serving `database` (the server's shared processes, such as
 * the WAL writer, are not counted: other databases' work reaches them too) and by the Kafka broker (shared with
 * whatever else uses it). A backend that ended (a pool closing an idle connection) keeps counting with what it had
 * used when last read, so the figure never goes back (it made a burst's PostgreSQL share negative); what it used
 * after that last reading is missed.
 */
export function infrastructureCpuMs(database) {
  const known = backends.get(database) ?? { last: new Map(), ended: 0 };
  backends.set(database, known);
  const now = new Map();
  let kafka = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const comm = readFileSync(`/proc/${entry}/comm`, 'utf8').trim();
      if (comm === 'postgres') {
        if (readFileSync(`/proc/${entry}/cmdline`, 'utf8').includes(` ${database} `)) {
          const used = cpuMs(entry);
          if (used !== null) now.set(entry, used);
        }
      } else if (comm === 'java' && readFileSync(`/proc/${entry}/cmdline`, 'utf8').includes('kafka.Kafka')) {
        kafka += cpuMs(entry) ?? 0;
      }
    } catch {
      // the process ended meanwhile
    }
  }
  for (const [pid, used] of known.last) if (!now.has(pid)) known.ended += used;
  known.last = now;
  let postgres = known.ended;
  for (const used of now.values()) postgres += used;
  return { postgres, kafka };
}

/**
 * CPU time (ms) used so far by each process of a stack ({ identity: 1234, ... }), by the PostgreSQL backends serving
 * its database and by the Kafka broker (`infrastructureCpuMs`).
 */
export function stackCpuMs(stack) {
  return {
    ...Object.fromEntries(stack.processes.map(({ name, child }) => [name, cpuMs(child.process.pid)])),
    ...infrastructureCpuMs(new URL(stack.databaseUrl).pathname.slice(1)),
  };
}

/** The share of the machine's CPU (0–1, every core) that was busy during the next `ms` milliseconds (/proc/stat). */
export async function cpuBusy(ms) {
  const read = () => {
    const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
    const idle = (fields[3] ?? 0) + (fields[4] ?? 0); // idle + iowait
    return { idle, total: fields.reduce((sum, value) => sum + value, 0) };
  };
  const before = read();
  await sleep(ms);
  const after = read();
  const total = after.total - before.total;
  return total > 0 ? 1 - (after.idle - before.idle) / total : 0;
}
