import { describe, expect, it } from 'vitest';
import { openTicketConflict, openTicketOwner } from './open-ticket';

const ana = { uuid: 'u-40', userId: 9, user: { id: 9, name: 'Ana Lima' }, queue: { id: 2, name: 'Suporte' } };

describe("the contact's other open ticket", () => {
  it('is read from the details of ERR_OTHER_OPEN_TICKET or from the JSON text upstream sent', () => {
    const named = { uuid: 'u-40', userId: 9, userName: 'Ana Lima', queueName: 'Suporte' };
    expect(openTicketOwner({ status: 409, data: { error: 'ERR_OTHER_OPEN_TICKET', details: ana } })).toEqual(named);
    expect(openTicketOwner({ status: 400, data: { error: JSON.stringify({ ticket: ana }) } })).toEqual(named);
    expect(openTicketOwner({ status: 409, data: { error: 'ERR_OTHER_OPEN_TICKET' } })).toEqual({
      uuid: null,
      userId: null,
      userName: null,
      queueName: null,
    });
    expect(openTicketOwner({ status: 400, data: { error: '{not json' } })).toBeNull();
    expect(openTicketOwner({ status: 500, data: { error: 'ERR_CREATING_TICKET' } })).toBeNull();
  });

  it("opens the user's own ticket and names any other owner, an unassigned one included", () => {
    const error = (details: object) => ({ status: 409, data: { error: 'ERR_OTHER_OPEN_TICKET', details } });
    expect(openTicketConflict(error(ana), 9)).toEqual({ open: 'u-40' });
    expect(openTicketConflict(error(ana), 3)).toEqual({
      owner: { uuid: 'u-40', userId: 9, userName: 'Ana Lima', queueName: 'Suporte' },
    });
    expect(openTicketConflict(error({ uuid: 'u-41', userId: null }), 3)).toEqual({
      owner: { uuid: 'u-41', userId: null, userName: null, queueName: null },
    });
    expect(openTicketConflict({ status: 500, data: { error: 'ERR_CREATING_TICKET' } }, 9)).toBeNull();
  });
});
