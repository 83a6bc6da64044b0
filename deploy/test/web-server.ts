/**
 * The web deployable's nginx, started on this machine as its image starts it (deploy/docker/Dockerfile, stage `web`):
 * deploy/web/default.conf.template filled in by envsubst with the variables the image lets through
 * (NGINX_ENVSUBST_FILTER), beside deploy/web/nginx.conf and nginx's mime.types, run with the image's command line.
 * Uses Debian's nginx (deploy/scripts/ensure-nginx.sh installs it).
 */
import { execFileSync, spawn } from 'node:child_process';
import {
  chmodSync,
  closeSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { repoRoot, waitForHttp, type ChildHandle } from '@cs/platform/testing';

const NGINX = ['/usr/sbin/nginx', '/usr/local/sbin/nginx'].find((path) => existsSync(path)) ?? 'nginx';

/** The variables the image fills the template with: the names in its NGINX_ENVSUBST_FILTER. */
export function templateVariables(): string[] {
  const dockerfile = readFileSync(join(repoRoot(), 'deploy', 'docker', 'Dockerfile'), 'utf8');
  const filter = /NGINX_ENVSUBST_FILTER='\^\(([A-Z_|]+)\)\$'/.exec(dockerfile)?.[1];
  if (!filter) throw new Error('deploy/docker/Dockerfile sets no NGINX_ENVSUBST_FILTER of the form ^(A|B)$');
  return filter.split('|');
}

/** The image's command line after its entrypoint (`CMD`), as an argument list. */
function imageCommand(): string[] {
  const dockerfile = readFileSync(join(repoRoot(), 'deploy', 'docker', 'Dockerfile'), 'utf8');
  const web = dockerfile.slice(dockerfile.indexOf(' AS web\n'));
  const cmd = /^CMD (\[.*\])$/m.exec(web)?.[1];
  if (!cmd) throw new Error('the web stage of deploy/docker/Dockerfile has no CMD');
  return JSON.parse(cmd) as string[];
}

export interface WebServer {
  readonly url: string;
  readonly child: ChildHandle;
  stop(): Promise<void>;
}

/**
 * Starts nginx with the image's configuration and `env` (the Deployment's and the image's variables: GATEWAY_UPSTREAM,
 * PUBLIC_URL, WEB_ROOT, WEB_PORT). The image's `-p /tmp/nginx/` becomes a fresh folder of this run.
 */
export async function startWebServer(env: Readonly<Record<string, string>>): Promise<WebServer> {
  const names = templateVariables();
  const missing = names.filter((name) => !env[name]);
  if (missing.length > 0) throw new Error(`the web server needs ${missing.join(', ')}`);
  if (!existsSync(NGINX) && NGINX !== 'nginx') throw new Error('nginx is missing: bash deploy/scripts/ensure-nginx.sh');

  const dir = mkdtempSync(join(tmpdir(), 'cs-web-'));
  // nginx started by root runs its workers as an unprivileged user, who must reach the temporary files
  chmodSync(dir, 0o755);
  const conf = join(dir, 'conf');
  const runtime = join(dir, 'runtime');
  mkdirSync(join(conf, 'conf.d'), { recursive: true });
  mkdirSync(runtime);
  copyFileSync(join(repoRoot(), 'deploy', 'web', 'nginx.conf'), join(conf, 'nginx.conf'));
  copyFileSync('/etc/nginx/mime.types', join(conf, 'mime.types'));
  const rendered = execFileSync('envsubst', [names.map((name) => `\${${name}}`).join(' ')], {
    input: readFileSync(join(repoRoot(), 'deploy', 'web', 'default.conf.template'), 'utf8'),
    env: { PATH: process.env['PATH'], ...env },
    encoding: 'utf8',
  });
  writeFileSync(join(conf, 'conf.d', 'default.conf'), rendered);

  const [, ...args] = imageCommand();
  const prefix = args.indexOf('-p');
  if (prefix < 0) throw new Error('the web image runs nginx without -p');
  args[prefix + 1] = `${runtime}/`;
  // the access log goes to /dev/stdout, which nginx opens by name: a file here (a pipe of Node's is a socket, which
  // cannot be opened so)
  const accessLog = join(dir, 'stdout.log');
  const stdout = openSync(accessLog, 'a');
  const child = spawn(NGINX, ['-c', join(conf, 'nginx.conf'), ...args], { stdio: ['ignore', stdout, 'pipe'] });
  closeSync(stdout);
  const chunks: string[] = [];
  child.stderr?.on('data', (data: Buffer) => chunks.push(data.toString()));
  const exited = new Promise<number | string>((resolve) =>
    child.once('exit', (code, signal) => resolve(code ?? signal ?? -1)),
  );
  const handle: ChildHandle = {
    process: child,
    output: () => `${existsSync(accessLog) ? readFileSync(accessLog, 'utf8') : ''}${chunks.join('')}`,
    exited,
    kill: async (signal = 'SIGQUIT') => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
  const url = `http://127.0.0.1:${env['WEB_PORT']}`;
  const stop = async () => {
    await handle.kill('SIGQUIT');
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    await waitForHttp(`${url}/healthz`, { child: handle, timeoutMs: 20_000 });
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, child: handle, stop };
}
