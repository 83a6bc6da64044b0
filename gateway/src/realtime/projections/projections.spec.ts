import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Envelope } from '@cs/proto/common';
import { ALL_EVENT_TYPES, eventByType, REALTIME_TOPICS, TOPICS, UserUpdated } from '@cs/proto/events';
import { repoRoot } from '@cs/platform/testing';
import type { Emission } from '../emission.js';
import { project, PROJECTIONS } from './index.js';

const fixture = (type: string): Envelope =>
  JSON.parse(readFileSync(join(repoRoot(), 'proto', 'fixtures', 'events', `${type}.json`), 'utf8')) as Envelope;

/** What a projection emits as it is (users' create/update go out once the consumer has serialized the user). */
const emitted = (topic: string, event: Envelope): Emission[] =>
  project(topic, event).filter((projected): projected is Emission => 'payload' in projected);

describe('realtime projections', () => {
  it('projects exactly the topics the proto registry marks realtime', () => {
    expect(Object.keys(PROJECTIONS).sort()).toEqual(REALTIME_TOPICS.map((topic) => topic.name).sort());
    // commands, the inbound pipeline and acks are not for browsers (acks surface as tickets' message events)
    const notRealtime = TOPICS.filter((topic) => !topic.realtime).map((topic) => topic.name);
    expect(notRealtime).toEqual(expect.arrayContaining(['whatsapp.message.commands.v1', 'whatsapp.message-ack.v1']));
    expect(notRealtime).not.toContain('tickets.ticket.v1');
  });

  it.each(ALL_EVENT_TYPES.filter((type) => (eventByType(type)?.topic.name ?? '') in PROJECTIONS))(
    '%s: its fixture projects to named events with rooms (or to everyone), never to no room at all',
    (type) => {
      const topic = eventByType(type)?.topic.name ?? '';
      for (const emission of emitted(topic, fixture(type))) {
        expect(emission.event.length).toBeGreaterThan(0);
        expect(emission.everyone === true || emission.rooms.length > 0).toBe(true);
        // `prompt` is upstream's one unprefixed company channel; its rooms keep it to the company
        if (!emission.everyone && emission.event !== 'prompt') expect(emission.event).toMatch(/^company-?42-/);
      }
    },
  );

  it('gives a new message the message it quotes, as the message view and upstream clients have it', () => {
    const base = fixture('tickets.message.created');
    const quotedMsg = { id: 'm-1', body: 'Qual o prazo?', fromMe: false, mediaType: 'chat' };
    const data = base.data as { message: Record<string, unknown> };
    const quoting = { ...base, data: { ...data, message: { ...data.message, quotedMsgId: 'm-1' }, quotedMsg } };
    expect(emitted('tickets.message.v1', quoting)[0]?.payload).toMatchObject({
      action: 'create',
      message: { quotedMsgId: 'm-1', quotedMsg },
    });
    // a message that quotes nothing says so, as upstream's `quotedMsg: null`
    expect(emitted('tickets.message.v1', base)[0]?.payload).toMatchObject({ message: { quotedMsg: null } });
  });

  it('never puts an integration credential (secret setting) on the company channel, masked instead', () => {
    const base = fixture('identity.setting.updated');
    const topic = eventByType('identity.setting.updated')?.topic.name ?? '';
    const secret = { ...base, data: { key: 'asaas', value: '$aact_prod_000secret' } };
    expect(JSON.stringify(emitted(topic, secret))).not.toContain('secret');
    expect(emitted(topic, secret)[0]?.payload).toMatchObject({ setting: { key: 'asaas', value: '••••••••' } });
    const plain = { ...base, data: { key: 'userRating', value: 'enabled' } };
    expect(emitted(topic, plain)[0]?.payload).toMatchObject({ setting: { key: 'userRating', value: 'enabled' } });
  });

  it('sends no user update for a presence change (clients replace their user with the one of the event)', () => {
    const updated = fixture('identity.user.updated');
    expect(project('identity.user.v1', updated)).toHaveLength(1);
    const presence = { ...updated, data: { ...UserUpdated.data.parse(updated.data), change: 'presence' } };
    expect(project('identity.user.v1', presence)).toEqual([]);
  });

  it("sends a moved ticket's update to where it is and a delete to the lists it left", () => {
    const [left, now] = emitted('tickets.ticket.v1', fixture('tickets.ticket.updated'));
    expect(left).toEqual({
      event: 'company-42-ticket',
      payload: { action: 'delete', ticketId: 88120 },
      rooms: ['company-42-pending', 'queue-12-pending'],
    });
    expect(now?.payload).toMatchObject({ action: 'update', ticket: { id: 88120, status: 'open' } });
    expect(now?.rooms).toEqual([
      'company-42-open',
      'company-42-notification',
      'queue-12-open',
      'queue-12-notification',
      '88120',
      'user-317',
    ]);
  });

  it("uses the names the spec's clients listen to and their payload shapes", () => {
    expect(emitted('tickets.ticket.v1', fixture('tickets.ticket.unread-reset'))).toEqual([
      {
        event: 'company-42-ticket',
        payload: { action: 'updateUnread', ticketId: expect.any(Number) },
        rooms: ['company-42-mainchannel'],
      },
    ]);
    const [message] = emitted('tickets.message.v1', fixture('tickets.message.created'));
    expect(message?.event).toBe('company-42-appMessage');
    expect(message?.payload).toMatchObject({ action: 'create', message: {}, ticket: {}, contact: {} });
    // an erasure: no text, to the sockets with that chat open only
    expect(project('tickets.message.v1', fixture('tickets.message.erased'))).toEqual([
      { event: 'company-42-appMessage', payload: { action: 'erased', ticketId: 88120 }, rooms: ['88120'] },
    ]);
    expect(emitted('whatsapp.connection.v1', fixture('whatsapp.session.updated'))[0]).toMatchObject({
      event: 'company-42-whatsappSession',
      payload: { action: 'update', session: {} },
    });
    expect(project('identity.user.v1', fixture('identity.user.logged-in'))).toEqual([
      {
        event: 'company-42-auth',
        payload: { action: 'update', user: { id: 317, email: 'mariana@paodourado.com.br', companyId: 42 } },
        rooms: ['user-317'],
        exceptSessions: ['0193a5f2-aaaa-7b1a-9d3e-000000000317'],
      },
    ]);
    expect(emitted('identity.announcement.v1', fixture('identity.announcement.created'))[0]).toMatchObject({
      event: 'company-announcement',
      everyone: true,
    });
  });
  it("sends internal chats' events to their members' rooms only, never to the company's main channel", () => {
    const members = ['user-317', 'user-318'];
    const sent = emitted('tickets.chat.v1', fixture('tickets.chat.message-created'));
    expect(sent.map((emission) => emission.event)).toEqual([
      'company-42-chat-9',
      'company-42-chat',
      'company-42-chat-user-317',
      'company-42-chat-user-318',
    ]);
    expect(sent[0]).toMatchObject({
      payload: { action: 'new-message', newMessage: { message: 'Quem cobre a manhã?' }, chat: { id: 9 } },
      rooms: members,
    });
    expect(sent[2]?.rooms).toEqual(['user-317']);
    for (const type of ['tickets.chat.created', 'tickets.chat.updated', 'tickets.chat.deleted']) {
      for (const emission of emitted('tickets.chat.v1', fixture(type))) {
        expect(emission.rooms.every((name) => members.includes(name))).toBe(true);
      }
    }
    expect(emitted('tickets.chat.v1', fixture('tickets.chat.deleted'))[0]).toEqual({
      event: 'company-42-chat',
      payload: { action: 'delete', id: 9, uuid: '0193a5f2-7c4e-7b1a-9d3e-0000000c4a70' },
      rooms: members,
    });
  });

  it("tells a renewed company's sockets CONCLUIDA with the company, and nothing for other company changes", () => {
    expect(emitted('identity.company.v1', fixture('identity.company.renewed'))).toEqual([
      {
        event: 'company-42-payment',
        payload: { action: 'CONCLUIDA', company: expect.objectContaining({ id: 42, dueDate: '2027-01-23' }) },
        rooms: ['company-42-mainchannel'],
      },
    ]);
    expect(emitted('identity.company.v1', fixture('identity.company.updated'))).toEqual([]);
    expect(emitted('identity.company.v1', fixture('identity.company.created'))).toEqual([]);
  });

  it('sends prompts on `prompt` and integrations on company-{id}-queueIntegration, to the company only', () => {
    const [created] = emitted('tickets.prompt.v1', fixture('tickets.prompt.created'));
    expect(created).toMatchObject({
      event: 'prompt',
      payload: { action: 'create', prompt: { id: 7, apiKey: '********wxyz' } },
      rooms: ['company-42-mainchannel'],
    });
    expect(emitted('tickets.prompt.v1', fixture('tickets.prompt.deleted'))[0]?.payload).toEqual({
      action: 'delete',
      promptId: 7,
    });
    const [integration] = emitted('tickets.queue-integration.v1', fixture('tickets.queue-integration.updated'));
    expect(integration).toMatchObject({
      event: 'company-42-queueIntegration',
      payload: { action: 'update', queueIntegration: { id: 4, typebotExpires: 30 } },
      rooms: ['company-42-mainchannel'],
    });
    expect(emitted('tickets.queue-integration.v1', fixture('tickets.queue-integration.deleted'))[0]?.payload).toEqual({
      action: 'delete',
      integrationId: 4,
    });
  });

  it("sends an erasure request's progress on company-{id}-erasureRequest to the company's admins only", () => {
    const event = fixture('privacy.erasure-request.updated');
    expect(emitted('privacy.erasure-request.v1', event)).toEqual([
      {
        event: 'company-42-erasureRequest',
        payload: { action: 'update', request: event.data },
        rooms: ['company-42-admins'],
      },
    ]);
  });
});
