/**
 * The agents' AI help answers as a stream (`text/event-stream` from tickets): the gateway relays each event as the
 * service writes it, without waiting for the end of the answer.
 */
import type { ServerResponse } from 'node:http';
import { createPlan, logIn, type Session, signUp, type Stack, startStack, Upstream } from '../support/stack.js';

let stack: Stack;
let tickets: Upstream;
let admin: Session;
let release!: () => void;
const released = new Promise<void>((resolve) => (release = resolve));

beforeAll(async () => {
  tickets = await new Upstream((call, response: ServerResponse) => {
    if (!call.path.startsWith('/ai-assist/tickets/')) return false;
    response.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache' });
    response.write('event: delta\ndata: {"text":"Cliente quer"}\n\n');
    void released.then(() => {
      response.write('event: delta\ndata: {"text":" trocar"}\n\n');
      response.end('event: done\ndata: {"text":"Cliente quer trocar"}\n\n');
    });
    return true;
  }).start();
  stack = await startStack({ gatewayEnv: { TICKETS_URL: tickets.url } });
  const tenant = await signUp(stack.gatewayUrl, await createPlan());
  admin = await logIn(stack.gatewayUrl, tenant.email, tenant.password);
});
afterAll(async () => {
  release();
  await stack?.close();
  await tickets?.close();
});

it('relays each event of a streamed answer as it is written', async () => {
  const response = await fetch(`${stack.gatewayUrl}/ai-assist/tickets/7/summary`, {
    method: 'POST',
    headers: { authorization: `Bearer ${admin.token}` },
  });
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
  expect(response.headers.get('content-encoding')).toBeNull();
  const reader = (response.body as ReadableStream<Uint8Array>).pipeThrough(new TextDecoderStream()).getReader();
  // the first event arrives while the service still holds the rest of its answer
  const first = await reader.read();
  expect(first.value).toBe('event: delta\ndata: {"text":"Cliente quer"}\n\n');
  release();
  let rest = '';
  for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) rest += chunk.value;
  expect(rest).toBe('event: delta\ndata: {"text":" trocar"}\n\nevent: done\ndata: {"text":"Cliente quer trocar"}\n\n');
});
