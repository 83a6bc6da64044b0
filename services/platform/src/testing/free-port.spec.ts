import { fork } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ephemeralPortRange, freePort } from './helpers.js';
import { repoRoot } from './repo.js';

describe('freePort', () => {
  it('never hands out the same port twice, though the system repeats itself before ports are bound', async () => {
    // 400 draws from ~22,000 ports repeat one with a probability above 97%.
    const ports: number[] = [];
    for (let index = 0; index < 400; index += 1) ports.push(await freePort());
    expect(new Set(ports).size).toBe(ports.length);
    expect(ports.every((port) => port > 0 && port < 65_536)).toBe(true);
  });

  it('does not hand out a port another process on the machine handed out a moment ago', async () => {
    // another test process's stack, picking its ports at the same time
    const script = join(tmpdir(), `free-port-other-${process.pid}.mjs`);
    writeFileSync(
      script,
      `const { freePort } = await import(${JSON.stringify(new URL('./helpers.ts', import.meta.url).href)});
       const ports = []; for (let i = 0; i < 300; i += 1) ports.push(await freePort());
       process.send(ports);`,
    );
    const child = fork(script, { execArgv: ['--import', join(repoRoot(), 'deploy/scripts/register-ts.mjs')] });
    const theirs = new Promise<number[]>((resolve) => child.once('message', (ports) => resolve(ports as number[])));
    const ours: number[] = [];
    for (let index = 0; index < 300; index += 1) ours.push(await freePort());
    const shared = new Set(await theirs);
    child.kill();
    rmSync(script, { force: true });
    expect(ours.filter((port) => shared.has(port))).toEqual([]);
  });

  it('hands out ports below the ephemeral range, where no outgoing connection takes its source port', async () => {
    const [low] = ephemeralPortRange();
    const ports: number[] = [];
    for (let index = 0; index < 50; index += 1) ports.push(await freePort());
    expect(ports.filter((port) => port >= low)).toEqual([]);
    expect(ports.every((port) => port >= 10_000)).toBe(true);
  });
});
