import { describe, expect, it } from 'vitest';
import { admin, agent } from '../testing/fixtures';
import { ticket } from '../testing/fixtures';
import { hasUnhealthyConnection, MENU, menuGroups, menuItemFor, visibleMenu } from './menu';
import { notifiesUser } from './notifications-popover';
import { makeStore } from '../app/store';
import { colorModeToggled, volumeChanged } from './ui-slice';

const allFlags = {
  useCampaigns: true,
  useKanban: true,
  useOpenAi: true,
  useIntegrations: true,
  useSchedules: true,
  useInternalChat: true,
  useExternalApi: true,
};

describe('the drawer menu (spec §2, §6)', () => {
  it("shows an agent the agent's items only", () => {
    expect(visibleMenu(agent, allFlags).map((i) => i.key)).toEqual([
      'tickets',
      'quickMessages',
      'kanban',
      'todo',
      'contacts',
      'schedules',
      'tags',
      'chats',
      'helps',
    ]);
  });

  it('adds the admin items, announcements only for super users, and hides what the plan does not include', () => {
    const adminItems = visibleMenu(admin, allFlags).map((i) => i.key);
    expect(adminItems).toContain('dashboard');
    expect(adminItems).toContain('connections');
    expect(adminItems).not.toContain('announcements');
    const operatorSuper = { ...admin, super: true, companyId: 1 };
    expect(visibleMenu(operatorSuper, allFlags).map((i) => i.key)).toContain('announcements');
    // a super user of another company is not the platform's operator
    expect(visibleMenu({ ...operatorSuper, companyId: 7 }, allFlags).map((i) => i.key)).not.toContain('announcements');
    const basic = visibleMenu(admin, { useSchedules: true }).map((i) => i.key);
    expect(basic).not.toContain('kanban');
    expect(basic).not.toContain('campaigns');
    expect(basic).not.toContain('api');
    expect(basic).toContain('schedules');
  });

  it('gives every item its own icon and groups the admin items under Administração', () => {
    expect(new Set(MENU.map((item) => item.icon)).size).toBe(MENU.length);
    const groups = menuGroups(visibleMenu(admin, allFlags));
    expect(groups.map((group) => group.key)).toEqual(['main', 'administration']);
    expect(groups[0]?.items.map((item) => item.key)).toContain('dashboard');
    expect(groups[1]?.items.map((item) => item.key)).toEqual(
      expect.arrayContaining(['connections', 'queues', 'users', 'settings']),
    );
    expect(menuGroups(visibleMenu(agent, allFlags)).map((group) => group.key)).toEqual(['main']);
  });

  it('names the page of a location for the header', () => {
    expect(menuItemFor('/')?.key).toBe('dashboard');
    expect(menuItemFor('/tickets/abc-123')?.key).toBe('tickets');
    expect(menuItemFor('/quick-messages')?.key).toBe('quickMessages');
    expect(menuItemFor('/nowhere')).toBeUndefined();
  });

  it("earns the connections '!' for qrcode, PAIRING, DISCONNECTED, TIMEOUT or OPENING", () => {
    expect(hasUnhealthyConnection([{ status: 'CONNECTED' }])).toBe(false);
    for (const status of ['qrcode', 'PAIRING', 'DISCONNECTED', 'TIMEOUT', 'OPENING']) {
      expect(hasUnhealthyConnection([{ status: 'CONNECTED' }, { status }])).toBe(true);
    }
  });
});

describe('ticket notifications (spec §6)', () => {
  it("notify agents of their queues' tickets, pending ones only with allTicket, and admins of all", () => {
    const open = ticket({ status: 'open', userId: agent.id, queueId: 1 });
    const pending = ticket({ status: 'pending', queueId: 1 });
    const otherQueue = ticket({ status: 'open', userId: agent.id, queueId: 9 });
    expect(notifiesUser(open, agent)).toBe(true);
    expect(notifiesUser(pending, agent)).toBe(false);
    expect(notifiesUser(pending, { ...agent, allTicket: 'enable' })).toBe(true);
    expect(notifiesUser(otherQueue, agent)).toBe(false);
    expect(notifiesUser(ticket({ status: 'open', userId: 7, queueId: 1 }), agent)).toBe(false);
    expect(notifiesUser(pending, admin)).toBe(true);
    expect(notifiesUser(otherQueue, admin)).toBe(true);
    expect(notifiesUser(ticket({ status: 'closed' }), admin)).toBe(false);
  });
});

describe('account preferences', () => {
  it('keeps the volume between 0 and 1 in steps of 0.1, and remembers it and the theme', () => {
    const store = makeStore();
    const ui = () => store.getState().ui;
    store.dispatch(volumeChanged(0.46));
    expect(ui().volume).toBe(0.5);
    store.dispatch(volumeChanged(7));
    expect(ui().volume).toBe(1);
    store.dispatch(volumeChanged(-1));
    expect(ui().volume).toBe(0);
    expect(window.localStorage.getItem('volume')).toBe('0');
    const before = ui().colorMode;
    store.dispatch(colorModeToggled());
    expect(ui().colorMode).not.toBe(before);
    expect(window.localStorage.getItem('preferredTheme')).toBe(ui().colorMode);
  });
});
