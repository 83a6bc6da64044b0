import { ERROR_CATALOGUE } from '@cs/proto/errors';
import { ScheduleCreated, ScheduleDeleted, ScheduleUpdated, type ScheduleSnapshot } from '@cs/proto/events';
import type { ScheduleBody } from '@cs/proto/http';
import type { EventPublisher } from '@cs/platform/events';
import type { JobsService } from '@cs/platform/jobs';
import type { UploadedFile } from '../../media/media.storage.js';
import type { MessageRow } from '../../messages/messages.repository.js';
import type { OutboundInput, OutboundService } from '../../messages/outbound.service.js';
import type {
  ConnectionView,
  ContactView,
  ProjectionsRepository,
  UserView,
} from '../../projections/projections.repository.js';
import type { TicketEvents } from '../../tickets/ticket-events.js';
import type { TicketRow, TicketsRepository, TrackingRow } from '../../tickets/tickets.repository.js';
import {
  COMPANY,
  companyView,
  connectionView,
  identityOf,
  ticketRow,
  inlineTransactions,
  recordingMedia,
} from '../../../../test/factories/rows.js';
import type { SchedulesRepository } from '../schedules.repository.js';
import { CreateScheduleUseCase } from './create-schedule.use-case.js';
import { DeleteScheduleUseCase } from './delete-schedule.use-case.js';
import { SetScheduleMediaUseCase } from './set-schedule-media.use-case.js';
import { SendScheduledMessageUseCase } from './send-scheduled-message.use-case.js';
import { UpdateScheduleUseCase } from './update-schedule.use-case.js';

const AUTHOR = 3;
const HOUR = 3_600_000;
const MARIA = { id: 5, name: 'Maria', number: '5511999990000', isGroup: false } as ContactView;

const scheduleOf = (overrides: Partial<ScheduleSnapshot> = {}): ScheduleSnapshot => ({
  id: 1,
  companyId: COMPANY,
  body: 'Olá {{name}}, lembrete da sua consulta',
  sendAt: new Date(Date.now() - 1_000).toISOString(),
  sentAt: null,
  contactId: MARIA.id,
  ticketId: null,
  userId: AUTHOR,
  status: 'PENDENTE',
  error: null,
  mediaPath: null,
  mediaName: null,
  template: null,
  contact: null,
  ...overrides,
});

/** One schedule, its contact's tickets and the company's connections in memory, behind the use-cases' ports. */
function scheduled(
  schedule: Partial<ScheduleSnapshot>,
  world: {
    contact?: ContactView | null;
    activeTicket?: TicketRow | null;
    closedTicket?: TicketRow;
    connection?: ConnectionView | null;
    author?: boolean;
    /** The connection's 24-hour window with the contact is closed (a Cloud API one). */
    windowClosed?: boolean;
  } = {},
) {
  const { files, media } = recordingMedia('https://media.test/');
  const state = {
    schedule: scheduleOf(schedule),
    sent: [] as Array<{ ticket: TicketRow; input: OutboundInput }>,
    jobs: [] as Date[],
    announced: [] as string[],
    /** The schedules `POST /schedules` created, as announced. */
    created: [] as ScheduleSnapshot[],
    /** Files stored and removed. */
    files,
    ticket: null as TicketRow | null,
    deleted: false,
  };
  const schedules: Partial<SchedulesRepository> = {
    find: async (_companyId, id) => (id === state.schedule.id && !state.deleted ? state.schedule : null),
    delete: async () => {
      state.deleted = true;
    },
    insert: async (_companyId, input) => {
      state.schedule = scheduleOf({
        id: 2,
        body: input.body,
        sendAt: input.sendAt.toISOString(),
        contactId: input.contactId,
        userId: input.userId,
        template: input.template,
      });
      return state.schedule.id;
    },
    patch: async (_companyId, _id, patch) => {
      const { sendAt, sentAt, messageId: _messageId, ...rest } = patch;
      state.schedule = {
        ...state.schedule,
        ...rest,
        ...(sendAt ? { sendAt: sendAt.toISOString() } : {}),
        ...(sentAt !== undefined ? { sentAt: sentAt?.toISOString() ?? null } : {}),
      } as ScheduleSnapshot;
    },
  };
  const contact = world.contact === undefined ? MARIA : world.contact;
  const tickets: Partial<TicketsRepository> = {
    findActiveOfContact: async () => world.activeTicket ?? null,
    findByContact: async () => world.closedTicket ?? null,
    findOrCreate: async (_companyId, input) => {
      state.ticket = world.closedTicket ?? ticketRow({ ...input, id: 20 });
      return { ticket: state.ticket, created: !world.closedTicket };
    },
    patch: async (_companyId, _id, patch) => {
      state.ticket = { ...(state.ticket as TicketRow), ...patch };
      return state.ticket;
    },
    openCycle: async () => ({ id: 1 }) as TrackingRow,
    patchCycle: async () => undefined,
  };
  const projections: Partial<ProjectionsRepository> = {
    contact: async () => contact,
    awaitContact: async () => undefined,
    company: async () => companyView(),
    defaultConnection: async () => (world.connection === undefined ? connectionView() : world.connection),
    connection: async () => (world.connection === undefined ? connectionView() : world.connection),
    user: async (_companyId, id) => (world.author === false ? null : ({ id, name: 'Ana' } as UserView)),
  };
  const outbound: Partial<OutboundService> = {
    withinServiceWindow: async () => !world.windowClosed,
    send: async (_companyId, ticket, input) => {
      state.sent.push({ ticket, input });
      return { id: 'm-1' } as MessageRow;
    },
  };
  const jobs: Partial<JobsService> = {
    send: async (_name, _data, options) => {
      state.jobs.push(options?.startAfter as Date);
      return null;
    },
  };
  const events: Partial<EventPublisher> = {
    emit: async (definition, event) => {
      if (definition.type === ScheduleCreated.type) state.created.push(ScheduleCreated.data.parse(event.data));
      else if (definition.type === ScheduleDeleted.type) state.announced.push('deleted');
      else {
        expect(definition).toBe(ScheduleUpdated);
        state.announced.push(ScheduleUpdated.data.parse(event.data).status);
      }
      return undefined as never;
    },
  };
  const ticketEvents = { created: async () => undefined, updated: async () => undefined } as unknown as TicketEvents;
  const send = new SendScheduledMessageUseCase(
    inlineTransactions,
    schedules as SchedulesRepository,
    tickets as TicketsRepository,
    projections as ProjectionsRepository,
    outbound as OutboundService,
    media,
    ticketEvents,
    events as EventPublisher,
    jobs as JobsService,
  );
  const editing = [
    inlineTransactions,
    schedules as SchedulesRepository,
    projections as ProjectionsRepository,
    events as EventPublisher,
    jobs as JobsService,
    media,
  ] as const;
  const update = new UpdateScheduleUseCase(...editing);
  const create = new CreateScheduleUseCase(...editing);
  const picture = new SetScheduleMediaUseCase(
    inlineTransactions,
    schedules as SchedulesRepository,
    media,
    events as EventPublisher,
  );
  const deleting = new DeleteScheduleUseCase(
    inlineTransactions,
    schedules as SchedulesRepository,
    media,
    events as EventPublisher,
  );
  return {
    state,
    remove: (id = state.schedule.id) => deleting.execute(COMPANY, id),
    attach: (file: UploadedFile | null) => picture.execute(COMPANY, state.schedule.id, file),
    create: (body: Partial<ScheduleBody>) =>
      create.execute(COMPANY, identityOf(AUTHOR), { body: 'Lembrete', contactId: MARIA.id, sendAt: '', ...body }),
    due: () => send.execute(COMPANY, state.schedule.id),
    edit: (body: Partial<ScheduleBody>) => update.execute(COMPANY, state.schedule.id, body),
  };
}

describe(SendScheduledMessageUseCase.name, () => {
  it('sends a due schedule on the contact’s open ticket, with the contact’s name, and marks it sent', async () => {
    const open = ticketRow({ id: 30, status: 'open', userId: 4, queueId: 1 });
    const { state, due } = scheduled({}, { activeTicket: open });
    await due();
    expect(state.sent.map(({ ticket, input }) => [ticket.id, input.body, input.userId])).toEqual([
      [30, 'Olá Maria, lembrete da sua consulta', AUTHOR],
    ]);
    expect(state.schedule).toMatchObject({ status: 'ENVIADA', ticketId: 30, error: null });
    expect(state.schedule.sentAt).not.toBeNull();
    expect(state.announced).toEqual(['ENVIADA']);
  });

  it('opens a new ticket on the default connection for the author', async () => {
    const { state, due } = scheduled({});
    await due();
    expect(state.ticket).toMatchObject({ status: 'open', userId: AUTHOR, chatJid: '5511999990000@s.whatsapp.net' });
    expect(state.sent[0]?.ticket.id).toBe(20);
  });

  it('leaves the reopened ticket pending when the author is gone', async () => {
    const closed = ticketRow({ id: 21, status: 'closed', userId: 4, queueId: 1 });
    const { state, due } = scheduled({}, { closedTicket: closed, author: false });
    await due();
    expect(state.ticket).toMatchObject({ id: 21, status: 'pending', userId: null });
    expect(state.schedule.status).toBe('ENVIADA');
  });

  it('sends the schedule’s media under its stored name and type', async () => {
    const { state, due } = scheduled({ mediaPath: 'schedules/abc.pdf', mediaName: 'boleto.pdf' });
    await due();
    expect(state.sent[0]?.input.media).toEqual({
      url: 'https://media.test/schedules/abc.pdf',
      mimeType: 'application/pdf',
      fileName: 'boleto.pdf',
    });
  });

  it('fails with the reason when the contact is gone or no connection can send', async () => {
    const noContact = scheduled({}, { contact: null });
    await noContact.due();
    expect(noContact.state.schedule).toMatchObject({
      status: 'ERRO',
      error: ERROR_CATALOGUE.ERR_NO_CONTACT_FOUND.message,
    });
    const noConnection = scheduled({}, { connection: null });
    await noConnection.due();
    expect(noConnection.state.schedule).toMatchObject({
      status: 'ERRO',
      error: ERROR_CATALOGUE.ERR_NO_DEF_WAPP_FOUND.message,
    });
    expect([noContact.state.sent, noConnection.state.sent]).toEqual([[], []]);
    const closed = scheduled({}, { windowClosed: true });
    await closed.due();
    expect(closed.state.schedule).toMatchObject({
      status: 'ERRO',
      error: ERROR_CATALOGUE.ERR_OUTSIDE_SERVICE_WINDOW.message,
    });
    expect(closed.state.sent).toEqual([]);
    // a template goes whatever the window
    const template = { name: 'lembrete', language: 'pt_BR', components: [{ type: 'BODY', text: 'Oi' }] };
    const withTemplate = scheduled(
      { template: { ...template, values: { header: [], body: [], headerMedia: null, buttons: [] } } },
      { windowClosed: true },
    );
    await withTemplate.due();
    expect(withTemplate.state.schedule.status).toBe('ENVIADA');
  });

  it('waits for a time moved later, and never sends twice', async () => {
    const later = new Date(Date.now() + HOUR);
    const moved = scheduled({ sendAt: later.toISOString() });
    await moved.due();
    expect(moved.state.sent).toEqual([]);
    expect(moved.state.jobs).toEqual([later]);
    const sent = scheduled({ status: 'ENVIADA', sentAt: new Date().toISOString() });
    await sent.due();
    const failed = scheduled({ status: 'ERRO' });
    await failed.due();
    expect([sent.state.sent, failed.state.sent]).toEqual([[], []]);
  });
});

describe(UpdateScheduleUseCase.name, () => {
  it('makes a failed schedule pending again at its new time, with a job for that time', async () => {
    const { state, edit } = scheduled({ status: 'ERRO', error: 'Sem conexão' });
    const at = '2030-01-02T09:30:00-03:00';
    const updated = await edit({ sendAt: at, body: 'novo texto' });
    expect(updated).toMatchObject({ status: 'PENDENTE', error: null, body: 'novo texto' });
    expect(new Date(updated.sendAt).getTime()).toBe(new Date(at).getTime());
    expect(state.jobs).toEqual([new Date(at)]);
  });

  it('reads a time without offset in the company’s time zone', async () => {
    const { edit } = scheduled({});
    const updated = await edit({ sendAt: '2030-01-02T09:30' });
    expect(new Date(updated.sendAt).toISOString()).toBe('2030-01-02T12:30:00.000Z');
  });

  it('refuses to edit a schedule already sent', async () => {
    const { state, edit } = scheduled({ status: 'ENVIADA', sentAt: new Date().toISOString() });
    await expect(edit({ body: 'tarde demais' })).rejects.toMatchObject({ code: 'ERR_SCHEDULE_ALREADY_SENT' });
    expect(state.jobs).toEqual([]);
  });

  it('answers an unreadable time as a validation error on sendAt', async () => {
    const { edit } = scheduled({});
    await expect(edit({ sendAt: 'amanhã' })).rejects.toMatchObject({ code: 'ERR_VALIDATION' });
  });
});

describe(CreateScheduleUseCase.name, () => {
  /** A Cloud API template with one body variable and an image header. */
  const template = (headerMedia: string) => ({
    name: 'lembrete_consulta',
    language: 'pt_BR',
    components: [
      { type: 'HEADER', format: 'IMAGE' },
      { type: 'BODY', text: 'Olá {{1}}, sua consulta é amanhã.' },
    ],
    values: { header: [], body: ['{{name}}'], headerMedia, buttons: [] },
  });

  it('schedules the message at the company’s local time for its author, with a send job then', async () => {
    const { state, create } = scheduled({});
    const created = await create({ body: 'Olá {{name}}, até amanhã', sendAt: '2030-01-02T09:30' });

    expect(created).toMatchObject({ status: 'PENDENTE', userId: AUTHOR, contactId: MARIA.id });
    expect(created.sendAt).toBe('2030-01-02T12:30:00.000Z');
    expect(state.jobs).toEqual([new Date('2030-01-02T12:30:00.000Z')]);
    expect(state.created).toEqual([created]);
  });

  it('refuses an unreadable time, a contact or connection the company does not have, scheduling nothing', async () => {
    await expect(scheduled({}).create({ sendAt: 'amanhã' })).rejects.toMatchObject({
      code: 'ERR_VALIDATION',
      details: [{ path: 'sendAt', message: 'Obrigatório' }],
    });
    const noContact = scheduled({}, { contact: null });
    await expect(noContact.create({ sendAt: '2030-01-02T09:30' })).rejects.toMatchObject({
      code: 'ERR_NO_CONTACT_FOUND',
    });
    const noConnection = scheduled({}, { connection: null });
    await expect(noConnection.create({ sendAt: '2030-01-02T09:30', whatsappId: 9 })).rejects.toMatchObject({
      code: 'ERR_NO_WAPP_FOUND',
    });
    expect([noContact.state.jobs, noConnection.state.jobs, noContact.state.created]).toEqual([[], [], []]);
  });

  it('takes a template whose values fit it and whose header is the company’s own file', async () => {
    const own = `https://media.test/${COMPANY}/schedules/consulta.png`;
    const { state, create } = scheduled({});
    await create({ sendAt: '2030-01-02T09:30', whatsappId: 1, template: template(own) });
    expect(state.created[0]?.template?.values.headerMedia).toBe(own);

    const other = scheduled({});
    await expect(
      other.create({ sendAt: '2030-01-02T09:30', template: template('https://media.test/99/schedules/x.png') }),
    ).rejects.toMatchObject({ code: 'ERR_VALIDATION', details: [{ path: 'values.headerMedia' }] });
    const short = scheduled({});
    await expect(
      short.create({
        sendAt: '2030-01-02T09:30',
        template: { ...template(own), values: { ...template(own).values, body: [] } },
      }),
    ).rejects.toMatchObject({ code: 'ERR_VALIDATION', details: [{ path: 'values.body' }] });
    expect([other.state.jobs, short.state.jobs]).toEqual([[], []]);
  });
});

describe(SetScheduleMediaUseCase.name, () => {
  const image = (originalname: string): UploadedFile => ({ originalname, mimetype: 'image/jpeg', size: 10 });

  it('attaches a picture to an unsent schedule, removing the one it replaces once committed', async () => {
    const { state, attach } = scheduled({ mediaPath: `${COMPANY}/schedules/antiga.png`, mediaName: 'antiga.png' });
    const updated = await attach(image('convite.JPG'));

    expect(updated).toMatchObject({ mediaPath: `${COMPANY}/schedules/convite.JPG`, mediaName: 'convite.JPG' });
    expect(state.announced).toEqual(['PENDENTE']);
    expect(state.files.removed).toEqual([`${COMPANY}/schedules/antiga.png`]);
  });

  it('refuses a schedule already sent and a file that is not a PNG or JPEG picture, storing nothing', async () => {
    const sent = scheduled({ status: 'ENVIADA', sentAt: new Date().toISOString() });
    await expect(sent.attach(image('convite.png'))).rejects.toMatchObject({ code: 'ERR_SCHEDULE_ALREADY_SENT' });
    const pending = scheduled({});
    await expect(pending.attach(image('contrato.pdf'))).rejects.toMatchObject({
      code: 'ERR_UNSUPPORTED_MEDIA_TYPE',
    });
    expect([sent.state.files, pending.state.files]).toEqual([
      { saved: [], removed: [] },
      { saved: [], removed: [] },
    ]);
  });
});

describe(DeleteScheduleUseCase.name, () => {
  it('deletes a schedule, announces it, and removes its picture', async () => {
    const { state, remove } = scheduled({ mediaPath: `${COMPANY}/schedules/convite.png`, mediaName: 'convite.png' });
    await remove();
    expect(state.deleted).toBe(true);
    expect(state.announced).toEqual(['deleted']);
    expect(state.files.removed).toEqual([`${COMPANY}/schedules/convite.png`]);
  });

  it('answers not found for a schedule the company does not have, deleting nothing', async () => {
    const { state, remove } = scheduled({ mediaPath: `${COMPANY}/schedules/convite.png` });
    await expect(remove(99)).rejects.toMatchObject({ code: 'ERR_NO_SCHEDULE_FOUND' });
    expect(state.deleted).toBe(false);
    expect(state.announced).toEqual([]);
    expect(state.files.removed).toEqual([]);
  });
});
