// CPU profile of a whole process, for `--import` in NODE_OPTIONS (Node 20 refuses `--cpu-prof` there):
//   STACK_NODE_OPTIONS="--import=$PWD/bench/lib/cpu-profile.mjs" node ... bench/inbound.mjs
// Starts the inspector's sampling profiler at load and writes `<dir>/<pid>-<service>-<script>.cpuprofile` (dir:
// CPU_PROFILE_DIR where the process's environment has it, else /tmp/cpu-profiles; a bench stack passes its
// deployables only their own environment, so theirs land in /tmp/cpu-profiles) when the process
// is asked to stop (SIGTERM/SIGINT, before the app's own handlers finish) or exits.
import { Session } from 'node:inspector';
import { writeFileSync, mkdirSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';

const dir = process.env.CPU_PROFILE_DIR ?? '/tmp/cpu-profiles';
const session = new Session();
session.connect();
session.post('Profiler.enable');
session.post('Profiler.setSamplingInterval', { interval: Number(process.env.CPU_PROFILE_INTERVAL_US ?? 1000) });
session.post('Profiler.start');
let written = false;
const write = () => {
  if (written) return;
  written = true;
  session.post('Profiler.stop', (error, result) => {
    if (error) return;
    mkdirSync(dir, { recursive: true });
    const script = process.argv[1] ?? 'node';
    const name = `${process.pid}-${basename(dirname(dirname(script)))}-${basename(script)}.cpuprofile`;
    writeFileSync(join(dir, name), JSON.stringify(result.profile));
  });
};
for (const signal of ['SIGTERM', 'SIGINT']) process.prependListener(signal, write);
process.once('exit', write);
