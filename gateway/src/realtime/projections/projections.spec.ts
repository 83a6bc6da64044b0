import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Envelope } from '@cs/proto/common';
import { ALL_EVENT_TYPES, eventByType, TOPICS } from '@cs/proto/events';
import { repoRoot } from '@cs/platform/testing';
import { NOT_PROJECTED, project, PROJECTIONS, STATE_TOPICS } from './index.js';

const fixture = (type: string): Envelope =>
  JSON.parse(readFileSync(join(repoRoot(), 'proto', 'fixtures', 'events', `${type}.json`), 'utf8')) as Envelope;

describe('realtime projections', () => {
  it('covers every topic of the registry exactly once: projected, state only, or not for browsers', () => {
    const listed = [...Object.keys(PROJECTIONS), ...STATE_TOPICS, ...NOT_PROJECTED];
    expect([...listed].sort()).toEqual(TOPICS.map((topic) => topic.name).sort());
    expect(new Set(listed).size).toBe(listed.length);
  });

  it.each(ALL_EVENT_TYPES.filter((type) => (eventByType(type)?.topic.name ?? '') in PROJECTIONS))(
    '%s: its fixture projects to named events with rooms (or to everyone), never to no room at all',
    (type) => {
      const topic = eventByType(type)?.topic.name ?? '';
      for (const emission of project(topic, fixture(type))) {
        expect(emission.event.length).toBeGreaterThan(0);
        expect(emission.everyone === true || emission.rooms.length > 0).toBe(true);
        if (!emission.everyone) expect(emission.event).toMatch(/^company-?42-/);
      }
    },
  );

  it("sends a moved ticket's update to where it is and a delete to the lists it left", () => {
    const [left, now] = project('tickets.ticket.v1', fixture('tickets.ticket.updated'));
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
    expect(project('tickets.ticket.v1', fixture('tickets.ticket.unread-reset'))).toEqual([
      {
        event: 'company-42-ticket',
        payload: { action: 'updateUnread', ticketId: expect.any(Number) },
        rooms: ['company-42-mainchannel'],
      },
    ]);
    const [message] = project('tickets.message.v1', fixture('tickets.message.created'));
    expect(message?.event).toBe('company-42-appMessage');
    expect(message?.payload).toMatchObject({ action: 'create', message: {}, ticket: {}, contact: {} });
    expect(project('whatsapp.connection.v1', fixture('whatsapp.session.updated'))[0]).toMatchObject({
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
    expect(project('identity.announcement.v1', fixture('identity.announcement.created'))[0]).toMatchObject({
      event: 'company-announcement',
      everyone: true,
    });
  });
});
