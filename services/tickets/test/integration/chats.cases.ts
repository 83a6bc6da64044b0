/* eslint-disable @typescript-eslint/no-unsafe-argument, @typescript-eslint/no-unsafe-call -- HTTP bodies are JSON read through assertions */
/**
 * Internal chats through the HTTP API on real PostgreSQL and Kafka: the caller's chats only, owner-only edit and
 * delete, members that must be users of the company, blank messages refused, unread counts per member, the
 * events the gateway sends to the members, and another company's ids answering 404.
 */
import { expectEventually, nextCompanyId } from '@cs/platform/testing';
import { ChatUpdated } from '@cs/proto/events';
import { type Caller, type CompanySetup, setupCompany, sharedHarness, userSnapshot } from '../support/harness.js';

const harness = sharedHarness();
let setup: CompanySetup;
let other: CompanySetup;
let carla: Caller;

beforeAll(async () => {
  setup = await setupCompany(harness, await nextCompanyId(), { agentQueueIds: [] });
  other = await setupCompany(harness, await nextCompanyId(), { agentQueueIds: [] });
  carla = { companyId: setup.companyId, userId: setup.companyId * 10 + 5, profile: 'user' };
  await harness.publish(
    'identity.user.created',
    setup.companyId,
    carla.userId,
    userSnapshot(setup.companyId, carla.userId, 'Carla Suporte', 'user'),
  );
  await expectEventually(async () => {
    const rows = await harness.query('SELECT id FROM tickets.users WHERE company_id = $1 AND id = $2', [
      setup.companyId,
      carla.userId,
    ]);
    expect(rows).toHaveLength(1);
  });
});

const unreadsOf = (chat: { users: Array<{ userId: number; unreads: number }> }, userId: number) =>
  chat.users.find((member) => member.userId === userId)?.unreads;

describe('internal chats', () => {
  let chat: { id: number; uuid: string };

  it("refuses a chat without a title or users, with the spec's messages, and users of another company", async () => {
    const noTitle = await harness.http('POST', '/chats', setup.agent, { title: '  ', users: [setup.admin.userId] });
    expect(noTitle.status).toBe(400);
    expect(noTitle.body.details).toEqual([{ path: 'title', message: 'Por favor, preencha o título da conversa.' }]);
    const noUsers = await harness.http('POST', '/chats', setup.agent, { title: 'Plantão', users: [] });
    expect(noUsers.status).toBe(400);
    expect(noUsers.body.details).toEqual([{ path: 'users', message: 'Por favor, selecione pelo menos um usuário.' }]);
    const stranger = await harness.http('POST', '/chats', setup.agent, {
      title: 'Plantão',
      users: [other.admin.userId],
    });
    expect(stranger.status).toBe(404);
    expect(stranger.body.error).toBe('ERR_NO_USER_FOUND');
  });

  it('creates a chat owned by the caller, who is always a member, and announces it', async () => {
    const created = await harness.http('POST', '/chats', setup.agent, {
      title: 'Plantão de sábado',
      users: [{ id: setup.admin.userId }],
    });
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({
      title: 'Plantão de sábado',
      ownerId: setup.agent.userId,
      lastMessage: '',
      users: [
        { userId: setup.admin.userId, unreads: 0, user: { id: setup.admin.userId, name: 'Ana Admin' } },
        { userId: setup.agent.userId, unreads: 0, user: { id: setup.agent.userId, name: 'Bruno Atendente' } },
      ],
    });
    chat = created.body;
    await expectEventually(() => {
      expect(harness.events(setup.companyId, 'tickets.chat.created').map((event) => event.data.id)).toContain(chat.id);
    });
  });

  it("lists the caller's chats only, by title", async () => {
    const forAdmin = await harness.http('GET', '/chats?pageNumber=1', setup.admin);
    expect(forAdmin.status).toBe(200);
    expect(forAdmin.body).toMatchObject({ count: 1, hasMore: false });
    expect(forAdmin.body.records[0]).toMatchObject({ id: chat.id, uuid: chat.uuid });
    expect((await harness.http('GET', '/chats', carla)).body).toEqual({ records: [], count: 0, hasMore: false });
    expect((await harness.http('GET', '/chats?searchParam=sába', setup.admin)).body.count).toBe(1);
    expect((await harness.http('GET', '/chats?searchParam=domingo', setup.admin)).body.count).toBe(0);
  });

  it('shows a chat to its members by id or uuid; a non-member and another company get 404', async () => {
    expect((await harness.http('GET', `/chats/${chat.uuid}`, setup.admin)).body.id).toBe(chat.id);
    expect((await harness.http('GET', `/chats/${chat.id}`, setup.agent)).body.uuid).toBe(chat.uuid);
    for (const caller of [carla, other.admin]) {
      const response = await harness.http('GET', `/chats/${chat.uuid}`, caller);
      expect(response.status).toBe(404);
      expect(response.body.error).toBe('ERR_NO_CHAT_FOUND');
      expect((await harness.http('GET', `/chats/${chat.id}/messages`, caller)).status).toBe(404);
      expect((await harness.http('POST', `/chats/${chat.id}/messages`, caller, { message: 'oi' })).status).toBe(404);
      expect((await harness.http('POST', `/chats/${chat.id}/read`, caller)).status).toBe(404);
      expect((await harness.http('PUT', `/chats/${chat.id}`, caller, { title: 'Meu' })).status).toBe(404);
      expect((await harness.http('DELETE', `/chats/${chat.id}`, caller)).status).toBe(404);
    }
  });

  it('refuses blank messages; a message counts as unread for the other members and is announced', async () => {
    const blank = await harness.http('POST', `/chats/${chat.id}/messages`, setup.agent, { message: '   ' });
    expect(blank.status).toBe(400);
    const sent = await harness.http('POST', `/chats/${chat.id}/messages`, setup.agent, {
      message: 'Quem cobre a manhã?',
    });
    expect(sent.status).toBe(200);
    expect(sent.body).toMatchObject({
      chatId: chat.id,
      senderId: setup.agent.userId,
      sender: { name: 'Bruno Atendente' },
      message: 'Quem cobre a manhã?',
    });
    const shown = await harness.http('GET', `/chats/${chat.id}`, setup.admin);
    expect(shown.body.lastMessage).toBe('Quem cobre a manhã?');
    expect(unreadsOf(shown.body, setup.admin.userId)).toBe(1);
    expect(unreadsOf(shown.body, setup.agent.userId)).toBe(0);
    await expectEventually(() => {
      const [event] = harness.events(setup.companyId, 'tickets.chat.message-created');
      expect(event?.data).toMatchObject({ message: { message: 'Quem cobre a manhã?' }, chat: { id: chat.id } });
    });
  });

  it('pages the messages, newest page first, each page in chronological order', async () => {
    for (let index = 1; index <= 24; index += 1) {
      await harness.http('POST', `/chats/${chat.id}/messages`, setup.admin, { message: `mensagem ${index}` });
    }
    const first = await harness.http('GET', `/chats/${chat.id}/messages?pageNumber=1`, setup.agent);
    expect(first.body).toMatchObject({ count: 25, hasMore: true });
    expect(first.body.records).toHaveLength(20);
    expect(first.body.records[0].message).toBe('mensagem 5');
    expect(first.body.records[19].message).toBe('mensagem 24');
    const second = await harness.http('GET', `/chats/${chat.id}/messages?pageNumber=2`, setup.agent);
    expect(second.body).toMatchObject({ count: 25, hasMore: false });
    expect(second.body.records.map((record: { message: string }) => record.message)).toEqual([
      'Quem cobre a manhã?',
      'mensagem 1',
      'mensagem 2',
      'mensagem 3',
      'mensagem 4',
    ]);
    const shown = await harness.http('GET', `/chats/${chat.id}`, setup.agent);
    expect(unreadsOf(shown.body, setup.agent.userId)).toBe(24);
  });

  it("marks the caller's unread messages read, only theirs", async () => {
    const read = await harness.http('POST', `/chats/${chat.id}/read`, setup.agent, { userId: setup.admin.userId });
    expect(read.status).toBe(200);
    expect(unreadsOf(read.body, setup.agent.userId)).toBe(0);
    expect(unreadsOf(read.body, setup.admin.userId)).toBe(1);
    await expectEventually(() => {
      const updates = harness.eventsOf(setup.companyId, ChatUpdated);
      expect(updates.some((event) => unreadsOf(event.data, setup.agent.userId) === 0)).toBe(true);
    });
  });

  it('lets only the owner edit the chat: title and members (removed members lose it)', async () => {
    const byMember = await harness.http('PUT', `/chats/${chat.id}`, setup.admin, { title: 'Meu' });
    expect(byMember.status).toBe(403);
    expect(byMember.body.error).toBe('ERR_NO_PERMISSION');
    const updated = await harness.http('PUT', `/chats/${chat.id}`, setup.agent, {
      title: 'Plantão de domingo',
      users: [carla.userId],
    });
    expect(updated.status).toBe(200);
    expect(updated.body.title).toBe('Plantão de domingo');
    expect(updated.body.users.map((member: { userId: number }) => member.userId)).toEqual([
      setup.agent.userId,
      carla.userId,
    ]);
    expect((await harness.http('GET', `/chats/${chat.id}`, setup.admin)).status).toBe(404);
    expect((await harness.http('GET', '/chats', carla)).body.count).toBe(1);
    await expectEventually(() => {
      const removed = harness.events(setup.companyId, 'tickets.chat.deleted');
      expect(removed.map((event) => event.data)).toContainEqual({
        id: chat.id,
        uuid: chat.uuid,
        userIds: [setup.admin.userId],
      });
    });
  });

  it('lets only the owner delete the chat', async () => {
    const byMember = await harness.http('DELETE', `/chats/${chat.id}`, carla);
    expect(byMember.status).toBe(403);
    const deleted = await harness.http('DELETE', `/chats/${chat.id}`, setup.agent);
    expect(deleted.status).toBe(200);
    expect((await harness.http('GET', `/chats/${chat.id}`, setup.agent)).status).toBe(404);
    expect((await harness.http('GET', `/chats/${chat.id}/messages`, carla)).status).toBe(404);
    await expectEventually(() => {
      const gone = harness.events(setup.companyId, 'tickets.chat.deleted');
      expect(gone.map((event) => event.data)).toContainEqual({
        id: chat.id,
        uuid: chat.uuid,
        userIds: [setup.agent.userId, carla.userId],
      });
    });
  });
});
