// Percentiles, the printed table and the JSON result of a benchmark (bench/results/<name>.json).
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { testServerUrl } from '@cs/platform/testing';

export const RESULTS_DIR = fileURLToPath(new URL('../results/', import.meta.url));

/** p50/p95/p99/max/mean (milliseconds, rounded to 0.1) of a list of durations in milliseconds. */
export function summarize(values) {
  if (values.length === 0) return { count: 0, p50: null, p95: null, p99: null, max: null, mean: null };
  const sorted = Float64Array.from(values).sort();
  const at = (q) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];
  const round = (value) => Math.round(value * 10) / 10;
  const sum = sorted.reduce((total, value) => total + value, 0);
  return {
    count: sorted.length,
    p50: round(at(0.5)),
    p95: round(at(0.95)),
    p99: round(at(0.99)),
    max: round(sorted[sorted.length - 1]),
    mean: round(sum / sorted.length),
  };
}

/** Prints rows (objects) as an aligned table, columns in the order of the first row's keys. */
export function printTable(title, rows) {
  console.log(`\n${title}`);
  if (rows.length === 0) {
    console.log('  (no rows)');
    return;
  }
  const columns = [...new Set(rows.flatMap((row) => Object.keys(row)))];
  const text = (value) => (value === null || value === undefined ? '-' : String(value));
  const widths = columns.map((column) => Math.max(column.length, ...rows.map((row) => text(row[column]).length)));
  const line = (cells) => `  ${cells.map((cell, i) => cell.padStart(widths[i])).join('  ')}`;
  console.log(line(columns));
  console.log(line(widths.map((width) => '-'.repeat(width))));
  for (const row of rows) console.log(line(columns.map((column) => text(row[column]))));
}

/** One statement through `psql` on TEST_DATABASE_URL's server, its unaligned output trimmed (throws when it fails). */
export const psql = (sql) =>
  execFileSync('psql', [testServerUrl(), '-tAqc', sql], {
    encoding: 'utf8',
  }).trim();

let machineCache;
/** The machine the figures were taken on. */
export function machine() {
  if (machineCache) return machineCache;
  const cpu = cpus();
  let postgres = null;
  let postgresAutovacuum = null;
  try {
    // with autovacuum off the queue-like tables bloat over a run (lib/autovacuum.mjs): a result says which it had
    [postgres, postgresAutovacuum] = psql(
      "SELECT current_setting('server_version') || '|' || current_setting('autovacuum')",
    ).split('|');
  } catch {
    // psql missing: the version is only informative
  }
  let kernel = null;
  try {
    kernel = readFileSync('/proc/sys/kernel/osrelease', 'utf8').trim();
  } catch {
    // not Linux
  }
  machineCache = {
    cpu: cpu[0]?.model ?? 'unknown',
    cores: cpu.length,
    memoryGb: Math.round(totalmem() / 2 ** 30),
    node: process.version,
    postgres,
    postgresAutovacuum,
    kernel,
  };
  return machineCache;
}

/** Writes bench/results/<name>.json: parameters, results, the machine and when. */
export function writeResult(name, { params, results, notes = [] }) {
  mkdirSync(RESULTS_DIR, { recursive: true });
  const file = `${RESULTS_DIR}${name}.json`;
  // the machine is shared: its load average when the figures were written says how much else was running
  const loadAverage = loadavg().map((value) => Math.round(value * 100) / 100);
  const document = { name, takenAt: new Date().toISOString(), machine: machine(), loadAverage, params, results, notes };
  writeFileSync(file, `${JSON.stringify(document, null, 2)}\n`);
  console.log(`\n  → ${file.replace(process.cwd() + '/', '')}`);
  return document;
}

/** A number of the command line (`--name=value` or `--name value`) or environment (`BENCH_NAME`). */
export function option(name, fallback) {
  const flag = `--${name}`;
  const args = process.argv.slice(2);
  for (let i = 0; i < args.length; i += 1) {
    // a bare boolean flag (`--summary`, or followed by another flag) means true
    if (
      args[i] === flag &&
      typeof fallback === 'boolean' &&
      (args[i + 1] === undefined || args[i + 1].startsWith('--'))
    )
      return true;
    if (args[i] === flag && args[i + 1] !== undefined) return parse(args[i + 1], fallback);
    if (args[i].startsWith(`${flag}=`)) return parse(args[i].slice(flag.length + 1), fallback);
  }
  const fromEnv = process.env[`BENCH_${name.toUpperCase().replace(/-/g, '_')}`];
  return fromEnv !== undefined ? parse(fromEnv, fallback) : fallback;
}

function parse(raw, fallback) {
  if (Array.isArray(fallback))
    return raw.split(',').map((item) => (typeof fallback[0] === 'number' ? Number(item) : item));
  if (typeof fallback === 'number') return Number(raw);
  if (typeof fallback === 'boolean') return raw === 'true' || raw === '1';
  return raw;
}

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
