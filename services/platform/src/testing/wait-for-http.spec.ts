import { spawn } from 'node:child_process';
import { type ChildHandle, freePort, waitForHttp } from './helpers.js';

/** A deployable that refuses its configuration: it prints why and exits without listening. */
function refusingProcess(): ChildHandle {
  const child = spawn(process.execPath, ['-e', 'console.error("DATABASE_URL is required"); process.exit(3)'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stderr.on('data', (data: Buffer) => (output += data.toString()));
  const exited = new Promise<number | string>((resolve) =>
    child.once('exit', (code, signal) => resolve(code ?? signal ?? -1)),
  );
  return { process: child, output: () => output, exited, kill: () => exited };
}

describe('waitForHttp', () => {
  it('gives up as soon as the process that should answer exits, with what it printed', async () => {
    const child = refusingProcess();
    // a wait far longer than the test's own timeout: only the exit can end it
    const wait = waitForHttp(`http://127.0.0.1:${await freePort()}/health/ready`, { child, timeoutMs: 3_600_000 });
    await expect(wait).rejects.toThrow(/process exited \(3\) before .*\n.*DATABASE_URL is required/);
  });

  it('gives up when the caller aborts, with the reason given', async () => {
    const gone = new AbortController();
    const wait = waitForHttp(`http://127.0.0.1:${await freePort()}/health/ready`, {
      timeoutMs: 3_600_000,
      signal: gone.signal,
    });
    gone.abort(new Error('one-machine exited (1)'));
    await expect(wait).rejects.toThrow('one-machine exited (1)');
  });
});
