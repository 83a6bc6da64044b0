import { asUserId } from '@cs/proto/common';
import { notifiesTicket } from '@cs/proto/realtime';
import {
  listsTicket,
  opensTicket,
  type TicketPlacement,
  type TicketViewer,
  viewerOf,
  visibilitySql,
} from './ticket-visibility.js';

const ME = 3;
const OTHER = 7;
const MY_QUEUE = 1;
const OTHER_QUEUE = 9;

const admin: TicketViewer = { userId: ME, admin: true, queueIds: [], allTicket: false };
const agent: TicketViewer = { userId: ME, admin: false, queueIds: [MY_QUEUE], allTicket: false };
const allTicketAgent: TicketViewer = { ...agent, allTicket: true };

const t = (status: string, queueId: number | null, userId: number | null): TicketPlacement => ({
  status,
  queueId,
  userId,
});

describe('ticket visibility policy', () => {
  it('reads admins and super users as admins, and a user unknown to the projections as seeing no queue', () => {
    expect(viewerOf({ userId: asUserId(1), isSuper: true, profile: 'user' }, null).admin).toBe(true);
    expect(viewerOf({ userId: asUserId(1), isSuper: false, profile: 'admin' }, null).admin).toBe(true);
    expect(viewerOf({ userId: asUserId(1), isSuper: false, profile: 'user' }, null)).toEqual({
      userId: 1,
      admin: false,
      queueIds: [],
      allTicket: false,
    });
  });

  // [ticket, admin, agent (allTicket disabled), agent (allTicket enabled)]: whether each lists it (no "show all")
  const listed: Array<[string, TicketPlacement, boolean, boolean, boolean]> = [
    ['a queue-less pending ticket', t('pending', null, null), true, false, true],
    ['a pending ticket of my queue', t('pending', MY_QUEUE, null), true, true, true],
    ['a pending ticket of another queue', t('pending', OTHER_QUEUE, null), true, false, false],
    ['my own open ticket of another queue', t('open', OTHER_QUEUE, ME), true, true, true],
    ['my own queue-less open ticket', t('open', null, ME), true, true, true],
    ["someone else's open ticket of my queue", t('open', MY_QUEUE, OTHER), false, false, false],
    ["someone else's queue-less open ticket", t('open', null, OTHER), false, false, false],
    ["someone else's closed ticket of my queue", t('closed', MY_QUEUE, OTHER), false, false, false],
    ['my own closed ticket', t('closed', OTHER_QUEUE, ME), true, true, true],
  ];

  it.each(listed)('lists %s to admins, agents, agents with allTicket: %s', (_, ticket, toAdmin, toAgent, toAll) => {
    expect(listsTicket(admin, ticket)).toBe(toAdmin);
    expect(listsTicket(agent, ticket)).toBe(toAgent);
    expect(listsTicket(allTicketAgent, ticket)).toBe(toAll);
    // in its own status tab the same, and never in another one
    expect(listsTicket(agent, ticket, { status: ticket.status })).toBe(toAgent);
    expect(listsTicket(admin, ticket, { status: ticket.status === 'open' ? 'pending' : 'open' })).toBe(false);
  });

  it('gives "show all" every ticket to admins only', () => {
    for (const [, ticket] of listed) {
      expect(listsTicket(admin, ticket, { showAll: true })).toBe(true);
      expect(listsTicket(agent, ticket, { showAll: true })).toBe(listsTicket(agent, ticket));
    }
  });

  it('lets admins open any ticket, agents their own and those of their queues (queue-less with allTicket)', () => {
    expect(opensTicket(admin, t('open', OTHER_QUEUE, OTHER))).toBe(true);
    expect(opensTicket(agent, t('open', OTHER_QUEUE, ME))).toBe(true);
    expect(opensTicket(agent, t('open', MY_QUEUE, OTHER))).toBe(true);
    expect(opensTicket(agent, t('open', OTHER_QUEUE, OTHER))).toBe(false);
    expect(opensTicket(agent, t('pending', null, null))).toBe(false);
    expect(opensTicket(allTicketAgent, t('pending', null, null))).toBe(true);
    // every ticket an agent lists, it may open
    for (const [, ticket] of listed) {
      for (const viewer of [agent, allTicketAgent]) {
        if (listsTicket(viewer, ticket)) expect(opensTicket(viewer, ticket)).toBe(true);
      }
    }
  });

  it('notifies pending tickets to agents with allTicket enabled only, never a closed one', () => {
    expect(notifiesTicket(agent, t('pending', MY_QUEUE, null))).toBe(false);
    expect(notifiesTicket(allTicketAgent, t('pending', MY_QUEUE, null))).toBe(true);
    expect(notifiesTicket(allTicketAgent, t('pending', null, null))).toBe(true);
    expect(notifiesTicket(allTicketAgent, t('pending', OTHER_QUEUE, null))).toBe(false);
    expect(notifiesTicket(agent, t('open', MY_QUEUE, ME))).toBe(true);
    expect(notifiesTicket(agent, t('open', MY_QUEUE, OTHER))).toBe(false);
    expect(notifiesTicket(admin, t('pending', OTHER_QUEUE, null))).toBe(true);
    expect(notifiesTicket(admin, t('closed', MY_QUEUE, ME))).toBe(false);
  });

  describe('as SQL', () => {
    const build = (viewer: TicketViewer, scope: { status?: string; showAll?: boolean }) => {
      const params: unknown[] = ['company'];
      const sql = visibilitySql(viewer, scope, (value) => `$${params.push(value)}`);
      return { sql, params };
    };

    it('adds nothing for an admin with "show all" or in the pending tab', () => {
      expect(build(admin, { showAll: true }).sql).toBeNull();
      expect(build(admin, { status: 'pending' }).sql).toBeNull();
      expect(build(agent, { showAll: true }).sql).not.toBeNull();
    });

    it('asks the queue-less tickets only of agents with allTicket enabled', () => {
      expect(build(agent, {}).sql).not.toContain('queue_id IS NULL');
      expect(build(agent, { status: 'pending' }).sql).not.toContain('queue_id IS NULL');
      expect(build(allTicketAgent, {}).sql).toContain('t.queue_id IS NULL');
      expect(build(allTicketAgent, { status: 'pending' }).sql).toContain('t.queue_id IS NULL');
    });

    it('binds the caller and their queues as parameters after the ones already there', () => {
      expect(build(agent, { status: 'open' })).toEqual({ sql: 't.user_id = $2', params: ['company', ME] });
      expect(build(agent, {}).params).toEqual(['company', ME, [MY_QUEUE]]);
    });
  });
});
