// Resident memory of a process, from /proc (Linux).
import { readFileSync } from 'node:fs';

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
