// Reads the `.cpuprofile` files of a profiled stack and prints, per process, where its busy time went over a
// window of the run: by package (the nearest frame with a source file: a node_modules package, Node's own modules,
// our services) and by function (self time). With `--callers <function>`, the call paths into that function.
// Profile a stack by giving every deployable `--cpu-prof` on its command line (Node 20 refuses it in NODE_OPTIONS):
//   rm -rf /tmp/prof; STACK_EXEC_ARGV="--cpu-prof --cpu-prof-dir=/tmp/prof" BENCH_COMPILED=1 \
//     node --import ./deploy/scripts/register-ts.mjs bench/inbound.mjs --rates 100 --duration 40 --drain 10 --burst 0
//   node bench/profile-report.mjs /tmp/prof --from 55 --to 15 [--top 12] [--callers writev]
// `--from` / `--to`: the window, in seconds before each process's end (the profile covers start-up and shutdown
// too). The files are named by pid; the processes are listed in start order (identity, tickets, contacts, the
// connector, billing, campaigns, the gateway for a stack of deploy/scripts/deployables.mjs).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: {
    from: { type: 'string', default: '1000000' },
    to: { type: 'string', default: '0' },
    top: { type: 'string', default: '12' },
    callers: { type: 'string' },
    depth: { type: 'string', default: '7' },
  },
});
const dir = positionals[0] ?? '/tmp/prof';
const top = Number(values.top);
const pidOf = (file) => Number(file.split('.')[3]);
const files = readdirSync(dir)
  .filter((file) => file.endsWith('.cpuprofile'))
  .sort((a, b) => pidOf(a) - pidOf(b));

const short = (url) => url.split('/').slice(-2).join('/');
function packageOf(frame) {
  const { url, functionName } = frame;
  if (!url) return null;
  const module = /node_modules\/((@[^/]+\/)?[^/]+)/.exec(url);
  if (module) return module[1];
  if (url.startsWith('node:')) return `node:${url.slice(5).split('/')[0]}`;
  const ours = /\/(services\/[^/]+|gateway|proto)\//.exec(url);
  return ours ? `ours:${ours[1]}` : functionName;
}

const percent = (part, whole) => `${((100 * part) / whole).toFixed(1).padStart(5)}%`;
const ranked = (map) => [...map].sort((a, b) => b[1] - a[1]).slice(0, top);

for (const file of files) {
  const profile = JSON.parse(readFileSync(join(dir, file), 'utf8'));
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const parentOf = new Map();
  for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node.id);
  const windowStart = profile.endTime - Number(values.from) * 1e6;
  const windowEnd = profile.endTime - Number(values.to) * 1e6;
  const byPackage = new Map();
  const bySelf = new Map();
  const callers = new Map();
  let busy = 0;
  let idle = 0;
  let at = profile.startTime;
  profile.samples.forEach((id, index) => {
    at += profile.timeDeltas[index];
    if (at < windowStart || at > windowEnd) return;
    const elapsed = profile.timeDeltas[index + 1] ?? 0;
    const node = nodes.get(id);
    const frame = node.callFrame;
    if (frame.functionName === '(idle)') {
      idle += elapsed;
      return;
    }
    busy += elapsed;
    const self = `${frame.functionName || '(anonymous)'} ${short(frame.url)}:${frame.lineNumber}`;
    bySelf.set(self, (bySelf.get(self) ?? 0) + elapsed);
    // a native frame (no source) counts for the nearest caller that has one; (garbage collector) etc. for itself
    let owner = node;
    let name = packageOf(owner.callFrame);
    while (name === null && parentOf.has(owner.id)) {
      owner = nodes.get(parentOf.get(owner.id));
      name = packageOf(owner.callFrame);
    }
    const key = name ?? frame.functionName;
    byPackage.set(key, (byPackage.get(key) ?? 0) + elapsed);
    if (values.callers && frame.functionName === values.callers) {
      const path = [];
      for (let up = nodes.get(parentOf.get(node.id)); up && path.length < Number(values.depth);) {
        path.push(
          `${up.callFrame.functionName || '(anonymous)'}@${short(up.callFrame.url)}:${up.callFrame.lineNumber}`,
        );
        up = nodes.get(parentOf.get(up.id));
      }
      const chain = path.join(' < ');
      callers.set(chain, (callers.get(chain) ?? 0) + elapsed);
    }
  });
  const span = (Math.min(windowEnd, profile.endTime) - Math.max(windowStart, profile.startTime)) / 1e6;
  console.log(
    `\n${file} (pid ${pidOf(file)}): busy ${(busy / 1e6).toFixed(2)} s, idle ${(idle / 1e6).toFixed(2)} s over ` +
      `${span.toFixed(0)} s (busy counts time on the CPU and time waiting for one)`,
  );
  if (busy === 0) continue;
  console.log(' by package');
  for (const [name, time] of ranked(byPackage)) console.log(`  ${percent(time, busy)}  ${name}`);
  console.log(' by function (self)');
  for (const [name, time] of ranked(bySelf)) console.log(`  ${percent(time, busy)}  ${name}`);
  if (values.callers) {
    const total = [...callers.values()].reduce((sum, time) => sum + time, 0);
    console.log(` callers of ${values.callers} (${(total / 1e6).toFixed(2)} s)`);
    for (const [chain, time] of ranked(callers)) console.log(`  ${percent(time, total || 1)}  ${chain}`);
  }
}
