/**
 * `make dev`'s runner (deploy/scripts/dev.mjs) as a newcomer meets it, on a fresh database of this machine's
 * PostgreSQL and free ports: it starts the automation providers' fakes and seeds the demo company with one Typebot,
 * n8n, webhook and Dialogflow integration, an OpenAI prompt and the agents' AI assistant. Each of them, picked on the
 * demo's simulated WhatsApp connection, answers a simulated customer; the assistant summarises a ticket. A second start finds them and brings them up to date. Ctrl-C
 * (SIGINT, and the key on a terminal) ends it with `stopped` and exit code 0.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { connect } from 'node:net';
import { existsSync } from 'node:fs';
import { DEMO_ANSWERS } from '@cs/tickets/provider-fakes';
import { createDatabase, dropDatabase, freePort, pollUntil, repoRoot, testServerUrl } from '@cs/platform/testing';

const CONNECTION = 1; // the demo company's simulator connection, seeded CONNECTED outside production
const ADMIN = { email: 'admin@demo.local', password: 'demo12345' };
const BANNER = 'Ctrl-C stops everything.';
const DEV_RUNNER = ['--import', './deploy/scripts/register-ts.mjs', 'deploy/scripts/dev.mjs'];

interface Runner {
  readonly child: ChildProcess;
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  output(): string;
}

let database: string;
let env: NodeJS.ProcessEnv;
let gateway: string;
let web: string;
let runner: Runner | undefined;

/** `command args` in the repository with the test's environment, its output collected. */
function run(command: string, args: string[]): Runner {
  let output = '';
  const child = spawn(command, args, { cwd: repoRoot(), env, stdio: ['pipe', 'pipe', 'pipe'] });
  child.stdout?.on('data', (data: Buffer) => (output += data.toString()));
  child.stderr?.on('data', (data: Buffer) => (output += data.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  return { child, exited, output: () => output };
}

async function started(candidate: Runner): Promise<Runner> {
  await pollUntil(async () => candidate.output().includes(BANNER) || candidate.child.exitCode !== null, {
    timeoutMs: 180_000,
    what: "make dev's banner",
  });
  if (!candidate.output().includes(BANNER)) throw new Error(`make dev did not start:\n${candidate.output()}`);
  return candidate;
}

beforeAll(async () => {
  database = `cs_dev_${randomBytes(4).toString('hex')}`;
  const databaseUrl = await createDatabase(testServerUrl(), database);
  const gatewayPort = await freePort();
  gateway = `http://127.0.0.1:${gatewayPort}`;
  const webPort = await freePort();
  web = `http://127.0.0.1:${webPort}`;
  env = {
    PATH: process.env['PATH'],
    HOME: process.env['HOME'],
    DATABASE_URL: databaseUrl,
    GATEWAY_PORT: String(gatewayPort),
    WEB_PORT: String(webPort),
    IDENTITY_PORT: String(await freePort()),
    TICKETS_PORT: String(await freePort()),
    CONTACTS_PORT: String(await freePort()),
    CONNECTOR_PORT: String(await freePort()),
    BILLING_PORT: String(await freePort()),
    CAMPAIGNS_PORT: String(await freePort()),
    // the fakes on free ports of their own (make dev's default is 4190 … 4193)
    DEV_FAKES_PORT: '0',
    DEV_GRAPH_PORT: '0',
  };
  runner = await started(run(process.execPath, DEV_RUNNER));
}, 240_000);

afterAll(async () => {
  // a test that failed half-way leaves it running: Ctrl-C (its children, Vite included, stop with it), else SIGKILL
  if (runner && runner.child.exitCode === null && runner.child.signalCode === null) {
    runner.child.kill('SIGINT');
    runner.child.stdin?.write('\u0003');
    const deadline = new Promise((resolve) => setTimeout(resolve, 30_000).unref());
    if ((await Promise.race([runner.exited, deadline])) === undefined) runner.child.kill('SIGKILL');
  }
  for (const stream of [runner?.child.stdin, runner?.child.stdout, runner?.child.stderr]) stream?.destroy();
  if (database) await dropDatabase(testServerUrl(), database);
});

async function api<T>(token: string | null, method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${gateway}${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path} → ${response.status} ${text}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

const signIn = async (): Promise<string> => (await api<{ token: string }>(null, 'POST', '/auth/login', ADMIN)).token;

interface Named {
  readonly id: number;
  readonly name: string;
}

describe('the demo Cloud API connection of make dev', () => {
  it("connects to the fake Graph API and lists Meta's recorded templates", async () => {
    const token = await signIn();
    const connections = await api<Array<Named & { provider: string }>>(token, 'GET', '/whatsapp');
    const cloud = connections.find((connection) => connection.provider === 'cloud-api');
    if (!cloud) throw new Error(`no Cloud API connection in the demo company: ${runner?.output() ?? ''}`);
    const { templates } = await api<{ templates: Array<{ name: string; status: string }> }>(
      token,
      'GET',
      `/whatsapp/${cloud.id}/templates`,
    );
    expect(templates.map(({ name, status }) => `${name} ${status}`)).toEqual([
      'pedido_enviado APPROVED',
      'promocao_black_friday PENDING',
      'retomar_conversa APPROVED',
    ]);
    expect(runner?.output()).toContain('Cloud API:      "WhatsApp Oficial (Graph simulado)" with 3 templates');
  });
});

describe('the demo automations of make dev', () => {
  let token: string;
  let integrations: Named[];
  let prompts: Named[];

  beforeAll(async () => {
    token = await signIn();
    integrations = (await api<{ queueIntegrations: Named[] }>(token, 'GET', '/queueIntegration')).queueIntegrations;
    prompts = (await api<{ prompts: Named[] }>(token, 'GET', '/prompt')).prompts;
  });

  const integration = (name: string): number => {
    const found = integrations.find((candidate) => candidate.name === name);
    if (!found) throw new Error(`the demo company has no integration "${name}": ${JSON.stringify(integrations)}`);
    return found.id;
  };

  /** A new customer writes `texts` in turn on the demo connection; answers what each reply of the bot said. */
  async function converse(texts: string[], replies: RegExp[]): Promise<string[]> {
    const number = `5511970${String(Date.now()).slice(-6)}`;
    const heard: string[] = [];
    for (const [index, text] of texts.entries()) {
      await api(token, 'POST', `/simulator/connections/${CONNECTION}/messages`, {
        from: { number, name: 'Cliente Demo' },
        kind: 'text',
        body: text,
      });
      const expected = replies[index] as RegExp;
      heard.push(
        await pollUntil(
          async () =>
            (
              await api<Array<{ content: { body?: string } }>>(
                token,
                'GET',
                `/simulator/connections/${CONNECTION}/sent?chat=${number}`,
              )
            )
              .map((message) => message.content.body ?? '')
              .find((body) => expected.test(body)),
          { timeoutMs: 60_000, what: `the customer to receive ${expected}` },
        ),
      );
    }
    return heard;
  }

  const pick = (choice: { integrationId: number | null; promptId: number | null }) =>
    api(token, 'PUT', `/whatsapp/${CONNECTION}`, choice);

  it('lists one integration of each kind and an OpenAI prompt in the demo company', () => {
    expect(integrations.map((row) => row.name).sort()).toEqual(
      ['Dialogflow (demo)', 'Typebot (demo)', 'Webhook (demo)', 'n8n (demo)'].sort(),
    );
    expect(prompts.map((row) => row.name)).toEqual(['Assistente OpenAI (demo)']);
    expect(runner?.output()).toContain('automations:    fakes of OpenAI http://127.0.0.1:');
  });

  it('the OpenAI prompt answers the customer', async () => {
    await pick({ integrationId: null, promptId: prompts[0]?.id ?? null });
    const [answer] = await converse(['Qual o horário de vocês?'], [/OpenAI simulado/]);
    expect(answer).toBe(DEMO_ANSWERS.openai('Qual o horário de vocês?'));
  });

  it('the Typebot flow greets, offers its choices and answers the chosen one', async () => {
    await pick({ integrationId: integration('Typebot (demo)'), promptId: null });
    const heard = await converse(['oi', 'Meu pedido'], [/Typebot simulado/, /pedido #1042/]);
    expect(heard).toEqual([DEMO_ANSWERS.typebotGreeting, DEMO_ANSWERS.typebotOrder]);
  });

  it('the n8n flow answers through its webhook', async () => {
    await pick({ integrationId: integration('n8n (demo)'), promptId: null });
    expect(await converse(['status do pedido'], [/n8n simulado/])).toEqual([DEMO_ANSWERS.n8n('status do pedido')]);
  });

  it('the webhook answers', async () => {
    await pick({ integrationId: integration('Webhook (demo)'), promptId: null });
    expect(await converse(['quero trocar'], [/webhook simulado/])).toEqual([DEMO_ANSWERS.webhook('quero trocar')]);
  });

  it('the Dialogflow agent answers with its intent', async () => {
    await pick({ integrationId: integration('Dialogflow (demo)'), promptId: null });
    expect(await converse(['oi'], [/Dialogflow simulado/])).toEqual([DEMO_ANSWERS.dialogflowWelcome]);
  });

  it("the agents' AI assistant summarises a ticket from the OpenAI fake, streamed through the web's proxy", async () => {
    expect(await api(token, 'GET', '/ai-assist/settings')).toMatchObject({ configured: true, model: 'gpt-4o-mini' });
    await pick({ integrationId: null, promptId: null });
    const number = `5511971${String(Date.now()).slice(-6)}`;
    await api(token, 'POST', `/simulator/connections/${CONNECTION}/messages`, {
      from: { number, name: 'Cliente Resumo' },
      kind: 'text',
      body: 'Meu pedido 55 atrasou',
    });
    const ticketId = await pollUntil(
      async () =>
        (await api<{ tickets: Array<{ id: number }> }>(token, 'GET', `/tickets?searchParam=${number}&showAll=true`))
          .tickets[0]?.id,
      { timeoutMs: 60_000, what: "the customer's ticket" },
    );
    const response = await fetch(`${web}/api/ai-assist/tickets/${ticketId}/summary`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    const done = JSON.stringify({ text: DEMO_ANSWERS.assistSummary(1, 'Meu pedido 55 atrasou') });
    expect(await response.text()).toContain(`event: done\ndata: ${done}\n\n`);
  });
});

/** A browser tab's socket.io websocket through Vite's proxy that goes away with a reset (a closed tab). */
function closedTab(): Promise<void> {
  const { port } = new URL(web);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), '127.0.0.1', () =>
      socket.write(
        [
          'GET /socket.io/?EIO=4&transport=websocket HTTP/1.1',
          `Host: 127.0.0.1:${port}`,
          'Upgrade: websocket',
          'Connection: Upgrade',
          'Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==',
          'Sec-WebSocket-Version: 13',
          '',
          '',
        ].join('\r\n'),
      ),
    );
    let answer = '';
    socket.on('data', (data: Buffer) => {
      answer += data.toString('latin1');
      // socket.io's open packet through the proxy: the gateway's side is up, then the tab is closed
      if (answer.startsWith('HTTP/1.1 101') && answer.includes('"sid"')) socket.resetAndDestroy();
    });
    socket.on('close', () => (answer.startsWith('HTTP/1.1 101') ? resolve() : reject(new Error(answer))));
    socket.on('error', reject);
  });
}

describe("the web dev server's proxy", () => {
  it('does not log a closed tab as an error', async () => {
    await closedTab();
    await closedTab();
    // a request through the same proxy after them: Vite has handled the resets by its answer
    expect((await fetch(`${web}/api/health/ready`)).status).toBe(200);
    expect(runner?.output()).not.toMatch(/ws proxy (socket )?error/);
  });
});

describe('Ctrl-C', () => {
  it('SIGINT stops every part and ends with `stopped` and exit code 0', async () => {
    const current = runner as Runner;
    current.child.kill('SIGINT');
    expect(await current.exited).toEqual({ code: 0, signal: null });
    expect(current.output()).toMatch(/stopping…\n(?:.*\n)*stopped/);
    // nothing of it is left listening
    await expect(fetch(`${gateway}/health/ready`)).rejects.toThrow();
  });

  it('on a terminal, `make dev` reads the key: a second start keeps the demo automations, and make exits 0', async () => {
    // util-linux's `script` gives make a terminal; the test types Ctrl-C into it
    if (!existsSync('/usr/bin/script')) throw new Error('this test needs util-linux `script` (/usr/bin/script)');
    const make = run('/usr/bin/script', ['-qfec', 'make dev', '/dev/null']);
    runner = await started(make);
    const token = await signIn();
    const { queueIntegrations } = await api<{ queueIntegrations: Named[] }>(token, 'GET', '/queueIntegration');
    expect(queueIntegrations).toHaveLength(4);
    make.child.stdin?.write('\u0003');
    expect(await make.exited).toEqual({ code: 0, signal: null });
    const output = make.output();
    expect(output).toMatch(/stopping…\r?\n(?:.*\r?\n)*stopped/);
    expect(output).not.toMatch(/make: \*\*\*|Error 130|Interrupt/);
  });
});
