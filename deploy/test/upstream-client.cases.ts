/**
 * The established Whaticket client against our gateway: the calls its pages make on load and the socket frames it
 * sends and listens to (reference whaticket-backend.md §2.14, §2.17, §2.18 and §5), replayed against every
 * deployable as its own process. Checks the shapes the client reads, not only the status codes: the `user` it
 * keeps (queues with `UserQueue`, the company with a due date), the envelopes of its lists, its dashboard charts,
 * that the only `company-{id}-user` frames are real user changes carrying the whole serialized user, and the
 * answers and frames of the pages that broke against the ones recorded from the established back end
 * (`proto/fixtures/upstream`).
 */
import { io, type Socket } from 'socket.io-client';
import { SessionUserSchema } from '@cs/proto/http';
import { expectEventually, pollUntil, upstreamFixture, upstreamGaps } from '@cs/platform/testing';
import { channel } from '@cs/proto/realtime';
import type { RunningStack } from '../scripts/e2e-stack.mjs';
import { api, call, sharedStack } from './support/shared-stack.js';

describe('the established Whaticket client', () => {
  const COMPANY = 2;
  const ADMIN = { email: 'admin@demo.local', password: 'demo12345' };
  const AGENT = { email: 'agente@demo.local', password: 'demo12345' };
  const SUPER = { email: 'super@plataforma.local', password: 'super12345' };

  type Json = Record<string, unknown>;
  interface Frame {
    readonly event: string;
    readonly payload: Json;
  }
  interface SessionUser {
    id: number;
    companyId: number;
    queues: Array<{ id: number; name: string; color: string; UserQueue: { userId: number; queueId: number } }>;
    company: { id: number; name: string; dueDate: string | null };
  }

  let stack: RunningStack;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    stack = await sharedStack();
  }, 180_000);

  afterAll(async () => {
    for (const socket of sockets) socket.close();
  });

  const logIn = (who: { email: string; password: string }) =>
    api<{ token: string; user: SessionUser }>(null, 'POST', '/auth/login', who);

  /** The client's socket: `transports: ["websocket"]`, the token in the query string, every frame recorded. */
  async function connect(token: string): Promise<Frame[]> {
    const frames: Frame[] = [];
    const socket = io(stack.gatewayUrl, { transports: ['websocket'], query: { token } });
    sockets.push(socket);
    socket.onAny((event: string, payload: Json) => frames.push({ event, payload }));
    await new Promise<void>((resolve, reject) => {
      socket.once('ready', () => resolve());
      socket.once('connect_error', reject);
    });
    // what the client sends on its first screen (the ticket lists and notifications; userStatus every 5 minutes)
    for (const status of ['open', 'pending']) socket.emit('joinTickets', status);
    socket.emit('joinNotification');
    socket.emit('userStatus');
    return frames;
  }

  const today = new Date().toISOString().slice(0, 10);

  describe('the established client against the gateway', () => {
    it('signs in to the user it keeps: queues with UserQueue, the company with a real due date', async () => {
      const agent = await logIn(AGENT);
      expect(() => SessionUserSchema.parse(agent.user)).not.toThrow();
      expect(agent.user.queues.map((queue) => queue.UserQueue)).toEqual(
        agent.user.queues.map((queue) => ({ userId: agent.user.id, queueId: queue.id })),
      );
      expect(agent.user.queues.length).toBeGreaterThan(0);
      expect(agent.user.company).toMatchObject({ id: COMPANY, dueDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}/) });
      // the platform company too: the client reads a null due date as expired and locks the super user out
      const platform = await logIn(SUPER);
      expect(platform.user.company.dueDate).toMatch(/^\d{4}-\d{2}-\d{2}/);
      expect(Date.parse(platform.user.company.dueDate ?? '')).toBeGreaterThan(Date.now());
    });

    it('answers the calls of its pages with the envelopes it reads', async () => {
      const { token } = await logIn(ADMIN);
      expect(await api(null, 'GET', '/version')).toEqual({ version: expect.stringMatching(/^\d+\.\d+\.\d+/) });

      const page = (key: string) => ({
        [key]: expect.any(Array),
        count: expect.any(Number),
        hasMore: expect.any(Boolean),
      });
      expect(await api(token, 'GET', '/tickets?status=pending&showAll=true&queueIds=[1,2]')).toMatchObject(
        page('tickets'),
      );
      expect(await api(token, 'GET', '/users?pageNumber=1')).toMatchObject(page('users'));
      expect(await api(token, 'GET', '/contacts?pageNumber=1')).toMatchObject(page('contacts'));
      expect(await api(token, 'GET', '/tags?pageNumber=1')).toMatchObject(page('tags'));
      expect(await api(token, 'GET', '/quick-messages?pageNumber=1')).toMatchObject(page('records'));
      for (const path of ['/queue', '/whatsapp', '/settings', '/users/list', '/tags/list']) {
        expect(Array.isArray(await api(token, 'GET', path))).toBe(true);
      }
      const users = await api<Array<{ queues: Array<{ UserQueue?: unknown }> }>>(token, 'GET', '/users/list');
      for (const user of users) for (const queue of user.queues) expect(queue.UserQueue).toBeDefined();

      // the dashboard page: the counters and its two charts (hours of one day; users' finished attendances)
      expect(await api(token, 'GET', '/dashboard?days=7')).toMatchObject({
        counters: expect.any(Object),
        attendants: expect.any(Array),
      });
      const day = await api<{ count: number; data: Array<{ total: number; horario: number }> }>(
        token,
        'GET',
        `/dashboard/ticketsDay?initialDate=${today}&finalDate=${today}&companyId=${COMPANY}`,
      );
      expect(day).toEqual({ count: expect.any(Number), data: expect.any(Array) });
      for (const slot of day.data) expect(slot).toEqual({ total: expect.any(Number), horario: expect.any(Number) });
      const perUser = await api<{ data: Array<{ nome: string; quantidade: number }> }>(
        token,
        'GET',
        `/dashboard/ticketsUsers?initialDate=${today}&finalDate=${today}&companyId=${COMPANY}`,
      );
      expect(perUser.data.map((row) => row.nome)).toEqual(
        expect.arrayContaining(['Administrador Demo', 'Agente Demo']),
      );
      for (const row of perUser.data) expect(row).toEqual({ nome: expect.any(String), quantidade: expect.any(Number) });
      // they are the caller's company only: no token, no answer
      expect((await call(null, 'GET', `/dashboard/ticketsUsers?initialDate=${today}&finalDate=${today}`)).status).toBe(
        401,
      );
    });

    it('sends no user frame for presence, and the whole serialized user for user changes', async () => {
      const admin = await logIn(ADMIN);
      const adminFrames = await connect(admin.token);
      const agent = await logIn(AGENT);
      const agentFrames = await connect(agent.token);
      const userFrames = (frames: Frame[]) => frames.filter((frame) => frame.event === channel.user(COMPANY));

      // a change the client must see, made after both sockets are in: the admin creates, renames and deletes a user
      const email = `novo.${Date.now()}@demo.local`;
      const created = await api<{ id: number }>(admin.token, 'POST', '/users', {
        name: 'Usuário Novo',
        email,
        password: 'senha12345',
        profile: 'user',
        queueIds: [1],
      });
      await api(admin.token, 'PUT', `/users/${created.id}`, { name: 'Usuário Renomeado' });
      // the gateway reads the serialized user from identity when the event arrives: a user deleted before that has no
      // update frame (its delete frame follows), so the delete waits for the rename to be delivered
      await pollUntil(
        async () => (userFrames(agentFrames).some((frame) => frame.payload['action'] === 'update') ? true : undefined),
        { timeoutMs: 30_000, what: 'the user frame of the rename' },
      );
      await api(admin.token, 'DELETE', `/users/${created.id}`);

      const frames = await pollUntil(
        async () => {
          const mine = userFrames(agentFrames);
          return mine.some((frame) => frame.payload['action'] === 'delete') ? mine : undefined;
        },
        { timeoutMs: 30_000, what: 'the user frames of the create, update and delete' },
      );
      // both signed in and connected: presence changed twice, yet every user frame is about the new user
      expect(frames.map((frame) => frame.payload['action'])).toEqual(['create', 'update', 'delete']);
      const [create, update, remove] = frames as [Frame, Frame, Frame];
      for (const frame of [create, update]) {
        const user = frame.payload['user'] as SessionUser & { name: string };
        expect(() => SessionUserSchema.parse(user)).not.toThrow();
        expect(user.id).toBe(created.id);
        expect(user.queues).toEqual([
          expect.objectContaining({ id: 1, UserQueue: { userId: created.id, queueId: 1 } }),
        ]);
        expect(user.company).toMatchObject({ id: COMPANY, dueDate: expect.any(String) });
      }
      expect((update.payload['user'] as { name: string }).name).toBe('Usuário Renomeado');
      expect(remove.payload).toEqual({ action: 'delete', userId: created.id });
      await expectEventually(() => expect(userFrames(adminFrames)).toHaveLength(3), { timeoutMs: 10_000 });
    }, 120_000);

    it('answers the pages that broke with the recorded shapes of the established back end', async () => {
      const admin = await logIn(ADMIN);
      const agent = await logIn(AGENT);
      // /financeiro: a bare list it calls forEach on
      expect(Array.isArray(await api(admin.token, 'GET', '/invoices/all'))).toBe(true);
      // the home page as an agent: their own figures, never the 403 that refreshes, retries and logs out
      const own = await call(agent.token, 'GET', '/dashboard?days=7');
      expect(own.status).toBe(200);
      expect(own.body).toMatchObject({ attendants: [expect.objectContaining({ id: agent.user.id })] });
      const chart = await call(agent.token, 'GET', `/dashboard/ticketsDay?initialDate=${today}&finalDate=${today}`);
      expect(chart.status).toBe(200);
      // the super user's cards
      const platform = await logIn(SUPER);
      expect(upstreamGaps('http.get-dashboard', await api(platform.token, 'GET', '/dashboard?days=7'))).toEqual([]);
      // the dashboard's message cards
      for (const query of ['?fromMe=true', `?fromMe=false&dateStart=${today}&dateEnd=${today}`]) {
        expect(
          upstreamGaps('http.get-messages-allMe', await api(agent.token, 'GET', `/messages-allMe${query}`)),
        ).toEqual([]);
      }
      // a user without a default connection
      const request = upstreamFixture('http.post-users.request').request as Json;
      const created = await api<Json>(admin.token, 'POST', '/users', {
        ...request,
        email: `sem.${Date.now()}@demo.local`,
      });
      expect(upstreamGaps('http.post-users.request', created)).toEqual([]);
      await api(admin.token, 'DELETE', `/users/${String(created['id'])}`);
    }, 60_000);

    it("plays the internal chat's unread sound: the new-message frame names the chat's members", async () => {
      const admin = await logIn(ADMIN);
      const agent = await logIn(AGENT);
      const agentFrames = await connect(agent.token);
      const chat = await api<{ id: number }>(admin.token, 'POST', '/chats', {
        title: `Plantão ${Date.now()}`,
        users: [{ id: agent.user.id }],
      });
      await api(admin.token, 'POST', `/chats/${chat.id}/messages`, { message: 'Quem cobre a manhã?' });
      const frame = await pollUntil(
        async () =>
          agentFrames.find(
            (entry) => entry.event === channel.chat(COMPANY) && entry.payload['action'] === 'new-message',
          ),
        { timeoutMs: 30_000, what: 'the new-message frame' },
      );
      expect(upstreamGaps('frame.company-chat.new-message', frame.payload)).toEqual([]);
      const { newMessage } = frame.payload as {
        newMessage: { senderId: number; chat: { users: Array<{ userId: number }> } };
      };
      // the popover's rule: a member, and someone else's message
      expect(newMessage.chat.users.map((member) => member.userId)).toContain(agent.user.id);
      expect(newMessage.senderId).toBe(admin.user.id);
      await api(admin.token, 'DELETE', `/chats/${chat.id}`);
    }, 60_000);

    it('loads /campaigns-config and keeps /campaigns alive after "Nova Campanha" is saved', async () => {
      const admin = await logIn(ADMIN);
      await api(admin.token, 'PUT', '/settings/campaignsEnabled', { value: 'true' });
      const settings = await pollUntil(
        async () => {
          const answer = await call(admin.token, 'GET', '/campaign-settings');
          return answer.status === 200 ? (answer.body as Array<{ key: string; value: string }>) : undefined;
        },
        { timeoutMs: 30_000, what: 'the campaign settings once campaigns are enabled' },
      );
      expect(upstreamGaps('http.get-campaign-settings', settings)).toEqual([]);
      // the page JSON.parses every value
      for (const entry of settings) expect(() => JSON.parse(entry.value) as unknown).not.toThrow();

      const frames = await connect(admin.token);
      const [connection] = await api<Array<{ id: number }>>(admin.token, 'GET', '/whatsapp');
      const list = await api<{ id: number }>(admin.token, 'POST', '/contact-lists', { name: `Clientes ${Date.now()}` });
      const inThreeHours = new Date(Date.now() + 3 * 3_600_000).toLocaleString('sv-SE', {
        timeZone: 'America/Sao_Paulo',
      });
      const campaign = await api<{ id: number }>(admin.token, 'POST', '/campaigns', {
        name: 'Promoção de julho',
        whatsappId: connection?.id,
        contactListId: list.id,
        confirmation: false,
        message1: 'Olá {nome}! Nossa promoção de julho começou.',
        scheduledAt: inThreeHours,
      });
      const frame = await pollUntil(
        async () =>
          frames.find((entry) => entry.event === channel.campaign(COMPANY) && entry.payload['action'] === 'create'),
        { timeoutMs: 30_000, what: 'the campaign create frame' },
      );
      expect(upstreamGaps('frame.company-campaign.create', frame.payload)).toEqual([]);
      expect(frame.payload['record']).toMatchObject({
        id: campaign.id,
        contactList: { id: list.id, name: expect.any(String) },
        whatsapp: { id: connection?.id, name: expect.any(String) },
      });
      await api(admin.token, 'DELETE', `/campaigns/${campaign.id}`);
      await api(admin.token, 'DELETE', `/contact-lists/${list.id}`);
    }, 90_000);

    it('kicks the other browser of a user who signs in again with company-{id}-auth', async () => {
      const desktop = await logIn(AGENT);
      const frames = await connect(desktop.token);
      const phone = await logIn(AGENT);
      const kick = await pollUntil(async () => frames.find((frame) => frame.event === channel.auth(COMPANY)), {
        timeoutMs: 30_000,
        what: 'the another-login frame',
      });
      expect(kick.payload).toEqual({
        action: 'update',
        user: { id: phone.user.id, email: AGENT.email, companyId: COMPANY },
      });
    }, 60_000);
  });
});
