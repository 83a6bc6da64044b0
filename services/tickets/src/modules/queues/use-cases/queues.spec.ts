import type { QueueBody, QueueOptionBody } from '@cs/proto/http';
import type { TransactionHost } from '@cs/platform/database';
import { DomainError } from '@cs/platform/errors';
import type { UploadedFile } from '../../media/media.storage.js';
import type { ProjectionsRepository } from '../../projections/projections.repository.js';
import {
  COMPANY,
  companyView,
  inlineTransactions,
  optionRow,
  queueRow,
  recordingAudit,
  recordingMedia,
  recordingPublisher,
} from '../../../../test/factories/rows.js';
import type { QueueOptionRow, QueueRow, QueuesRepository, QueueWrite } from '../queues.repository.js';
import { CreateQueueOptionUseCase } from './create-queue-option.use-case.js';
import { CreateQueueUseCase } from './create-queue.use-case.js';
import { DeleteQueueOptionUseCase } from './delete-queue-option.use-case.js';
import { DeleteQueueUseCase } from './delete-queue.use-case.js';
import { UpdateQueueOptionUseCase } from './update-queue-option.use-case.js';
import { SetQueueMediaUseCase } from './set-queue-media.use-case.js';
import { SetQueueOptionMediaUseCase } from './set-queue-option-media.use-case.js';
import { UpdateQueueUseCase } from './update-queue.use-case.js';

const SALES = 1;
const SUPPORT = 2;
const OWN_PROMPT = 30;

/** A unique constraint's violation as the driver reports it. */
const uniqueViolation = (constraint: string) =>
  Object.assign(new Error('duplicate'), { driverError: { code: '23505', constraint } });

/** Transactions whose commit fails after their work ran: nothing they did holds. */
const failingCommit = {
  run: async (work: () => Promise<unknown>) => {
    await work();
    throw new Error('could not serialize access');
  },
} as unknown as TransactionHost;

/**
 * The company's queues and menu options in memory, with the plan's queue limit; what was announced and audited, and
 * the files stored and removed (a queue or option deleted while its upload was stored when `vanishing`).
 */
function departments(options: { planQueues?: number; transactions?: TransactionHost } = {}) {
  const transactions = options.transactions ?? inlineTransactions;
  const { events, publisher } = recordingPublisher();
  const { actions, audit } = recordingAudit();
  const { files, media } = recordingMedia();
  const state = {
    queues: new Map<number, QueueRow>([
      [SALES, queueRow({ id: SALES, name: 'Vendas', color: '#f00', greetingMessage: 'Olá' })],
      [SUPPORT, queueRow({ id: SUPPORT, name: 'Suporte', color: '#00f' })],
    ]),
    options: new Map<number, QueueOptionRow>([
      [5, optionRow({ id: 5, queueId: SALES, option: '1', title: 'Planos' })],
      [6, optionRow({ id: 6, queueId: SUPPORT, option: '1', title: 'Internet' })],
    ]),
    events,
    audited: actions,
    files,
    vanishing: false,
  };
  const conflictOf = (queue: QueueWrite, except?: number): void => {
    for (const other of state.queues.values()) {
      if (other.id === except) continue;
      if (other.color === queue.color) throw uniqueViolation('uq_queues_company_color');
      if (other.name === queue.name) throw uniqueViolation('uq_queues_company_name');
    }
  };
  const queues: Partial<QueuesRepository> = {
    find: async (_companyId, id) => state.queues.get(id) ?? null,
    count: async () => state.queues.size,
    assertReferences: async (_companyId, refs) => {
      if (refs.promptId != null && refs.promptId !== OWN_PROMPT) throw new DomainError('ERR_NO_PROMPT_FOUND');
      if (refs.integrationId != null) throw new DomainError('ERR_NO_INTEGRATION_FOUND');
    },
    insert: async (_companyId, queue) => {
      conflictOf(queue);
      const row = queueRow({ id: state.queues.size + 1, ...queue, schedules: [...queue.schedules] });
      state.queues.set(row.id, row);
      return row;
    },
    update: async (_companyId, id, queue) => {
      conflictOf(queue, id);
      const row = queueRow({ ...(state.queues.get(id) as QueueRow), ...queue, schedules: [...queue.schedules] });
      state.queues.set(id, row);
      return row;
    },
    option: async (_companyId, id) => state.options.get(id) ?? null,
    insertOption: async (_companyId, input) => {
      const row = optionRow({ id: 100 + state.options.size, ...input });
      state.options.set(row.id, row);
      return row;
    },
    updateOption: async (_companyId, id, input) => {
      const row = { ...(state.options.get(id) as QueueOptionRow), ...input };
      state.options.set(id, row);
      return row;
    },
    setMedia: async (_companyId, id, mediaPath, mediaName) => {
      if (state.vanishing) return null;
      const row = { ...(state.queues.get(id) as QueueRow), mediaPath, mediaName };
      state.queues.set(id, row);
      return row;
    },
    delete: async (_companyId, id) => {
      state.queues.delete(id);
    },
    deleteOption: async (_companyId, id) => {
      const removed = [...state.options.values()].filter((option) => option.id === id || option.parentId === id);
      for (const option of removed) state.options.delete(option.id);
      return removed.flatMap((option) => (option.mediaPath ? [option.mediaPath] : []));
    },
    setOptionMedia: async (_companyId, id, mediaPath, mediaName) => {
      if (state.vanishing) return null;
      const row = { ...(state.options.get(id) as QueueOptionRow), mediaPath, mediaName };
      state.options.set(id, row);
      return row;
    },
  };
  const projections: Partial<ProjectionsRepository> = {
    company: async () =>
      companyView({ plan: options.planQueues === undefined ? null : { queues: options.planQueues } }),
  };
  const repository = queues as QueuesRepository;
  return {
    state,
    create: (body: QueueBody) =>
      new CreateQueueUseCase(
        inlineTransactions,
        repository,
        projections as ProjectionsRepository,
        publisher,
        audit,
      ).execute(COMPANY, body),
    update: (id: number, body: Partial<QueueBody>) =>
      new UpdateQueueUseCase(inlineTransactions, repository, publisher, audit).execute(COMPANY, id, body),
    createOption: (body: QueueOptionBody) =>
      new CreateQueueOptionUseCase(inlineTransactions, repository, audit).execute(COMPANY, body),
    updateOption: (id: number, body: Partial<QueueOptionBody>) =>
      new UpdateQueueOptionUseCase(inlineTransactions, repository, audit).execute(COMPANY, id, body),
    attach: (id: number, file: UploadedFile | null) =>
      new SetQueueMediaUseCase(inlineTransactions, repository, media, publisher).execute(COMPANY, id, file),
    remove: (id: number) =>
      new DeleteQueueUseCase(transactions, repository, media, publisher, audit).execute(COMPANY, id),
    removeOption: (id: number) =>
      new DeleteQueueOptionUseCase(transactions, repository, media, audit).execute(COMPANY, id),
    attachToOption: (id: number, file: UploadedFile | null) =>
      new SetQueueOptionMediaUseCase(inlineTransactions, repository, media).execute(COMPANY, id, file),
  };
}

describe(CreateQueueUseCase.name, () => {
  it('creates a department with the defaults, announces and audits it', async () => {
    const { state, create } = departments();
    const queue = await create({ name: 'Financeiro', color: '#0f0' });
    expect(queue).toMatchObject({ name: 'Financeiro', color: '#0f0', greetingMessage: '', autoAssign: false });
    expect(state.events).toEqual([
      { type: 'tickets.queue.created', data: expect.objectContaining({ name: 'Financeiro' }) },
    ]);
    expect(state.audited).toEqual(['queue.created']);
  });

  it('refuses a queue beyond the plan’s limit, and has no limit when the plan sets none', async () => {
    await expect(departments({ planQueues: 2 }).create({ name: 'Financeiro', color: '#0f0' })).rejects.toMatchObject({
      code: 'ERR_PLAN_LIMIT_QUEUES',
    });
    await expect(departments({ planQueues: 3 }).create({ name: 'Financeiro', color: '#0f0' })).resolves.toBeDefined();
    await expect(departments({ planQueues: 0 }).create({ name: 'Financeiro', color: '#0f0' })).resolves.toBeDefined();
  });

  it('answers a colour or a name already used with the spec’s codes', async () => {
    const { state, create } = departments();
    await expect(create({ name: 'Financeiro', color: '#f00' })).rejects.toMatchObject({
      code: 'ERR_QUEUE_COLOR_ALREADY_EXISTS',
    });
    await expect(create({ name: 'Vendas', color: '#0f0' })).rejects.toMatchObject({ code: 'ERR_CONFLICT' });
    expect(state.events).toEqual([]);
  });

  it('refuses another company’s prompt or integration as not found', async () => {
    const { create } = departments();
    await expect(create({ name: 'Financeiro', color: '#0f0', promptId: 99 })).rejects.toMatchObject({
      code: 'ERR_NO_PROMPT_FOUND',
    });
    await expect(create({ name: 'Financeiro', color: '#0f0', integrationId: 99 })).rejects.toMatchObject({
      code: 'ERR_NO_INTEGRATION_FOUND',
    });
    await expect(create({ name: 'Financeiro', color: '#0f0', promptId: OWN_PROMPT })).resolves.toMatchObject({
      promptId: OWN_PROMPT,
    });
  });
});

describe(UpdateQueueUseCase.name, () => {
  it('changes the fields sent and keeps the others', async () => {
    const { state, update } = departments();
    expect(await update(SALES, { name: 'Comercial', promptId: OWN_PROMPT })).toMatchObject({
      name: 'Comercial',
      color: '#f00',
      greetingMessage: 'Olá',
      promptId: OWN_PROMPT,
    });
    expect(await update(SALES, { promptId: null })).toMatchObject({ name: 'Comercial', promptId: null });
    expect(state.events.map((event) => event.type)).toEqual(['tickets.queue.updated', 'tickets.queue.updated']);
    expect(state.audited).toEqual(['queue.updated', 'queue.updated']);
  });

  it('answers not found for an unknown queue and a conflict for another queue’s colour', async () => {
    const { update } = departments();
    await expect(update(99, { name: 'x' })).rejects.toMatchObject({ code: 'ERR_NOT_FOUND' });
    await expect(update(SALES, { color: '#00f' })).rejects.toMatchObject({ code: 'ERR_QUEUE_COLOR_ALREADY_EXISTS' });
    await expect(update(SALES, { color: '#f00' })).resolves.toMatchObject({ color: '#f00' });
  });
});

describe('queue options', () => {
  it('adds an option at the top of a queue’s menu or under a parent of the same queue', async () => {
    const { state, createOption } = departments();
    const top = await createOption({ queueId: SALES, parentId: null, title: 'Boletos', message: '', option: '2' });
    const child = await createOption({
      queueId: SALES,
      parentId: 5,
      title: 'Plano anual',
      message: 'Detalhes',
      option: '1',
    });
    expect([top.parentId, child.parentId]).toEqual([null, 5]);
    expect(state.audited).toEqual(['queue-option.created', 'queue-option.created']);
  });

  it('refuses an unknown queue or a parent from another queue as not found', async () => {
    const { state, createOption } = departments();
    await expect(
      createOption({ queueId: 99, parentId: null, title: 'x', message: '', option: '1' }),
    ).rejects.toMatchObject({
      code: 'ERR_NOT_FOUND',
    });
    await expect(
      createOption({ queueId: SALES, parentId: 6, title: 'x', message: '', option: '1' }),
    ).rejects.toMatchObject({
      code: 'ERR_NOT_FOUND',
    });
    expect(state.options.size).toBe(2);
  });

  it('updates an option’s text and key, keeping what was not sent', async () => {
    const { updateOption } = departments();
    expect(await updateOption(5, { message: 'Escolha um plano' })).toMatchObject({
      id: 5,
      queueId: SALES,
      option: '1',
      title: 'Planos',
      message: 'Escolha um plano',
    });
  });

  it('refuses to update an unknown option or to name an unknown queue or parent', async () => {
    const { updateOption } = departments();
    await expect(updateOption(99, { title: 'x' })).rejects.toMatchObject({ code: 'ERR_NOT_FOUND' });
    await expect(updateOption(5, { queueId: 99 })).rejects.toMatchObject({ code: 'ERR_NOT_FOUND' });
    await expect(updateOption(5, { parentId: 99 })).rejects.toMatchObject({ code: 'ERR_NOT_FOUND' });
  });
});

describe('the media of a queue and of a menu option', () => {
  const video: UploadedFile = { originalname: 'boas-vindas.mp4', mimetype: 'video/mp4', size: 10 };

  it('replaces the previous file, removed once the change is committed, and goes with none', async () => {
    const { state, attach, attachToOption } = departments();
    state.queues.set(SALES, { ...(state.queues.get(SALES) as QueueRow), mediaPath: `${COMPANY}/queues/antigo.mp4` });
    await attach(SALES, video);
    expect(state.queues.get(SALES)).toMatchObject({
      mediaPath: `${COMPANY}/queues/boas-vindas.mp4`,
      mediaName: 'boas-vindas.mp4',
    });
    expect(state.events.at(-1)).toMatchObject({ data: { id: SALES, mediaName: 'boas-vindas.mp4' } });

    await attachToOption(5, video);
    await attachToOption(5, null);
    expect(state.options.get(5)).toMatchObject({ mediaPath: null, mediaName: null });
    expect(state.files.removed).toEqual([`${COMPANY}/queues/antigo.mp4`, `${COMPANY}/queue-options/boas-vindas.mp4`]);
  });

  it('stores nothing for a queue or option the company does not have', async () => {
    const { state, attach, attachToOption } = departments();
    await expect(attach(99, video)).rejects.toMatchObject({ code: 'ERR_NOT_FOUND' });
    await expect(attachToOption(99, video)).rejects.toMatchObject({ code: 'ERR_NOT_FOUND' });
    expect(state.files).toEqual({ saved: [], removed: [] });
  });

  it('removes the new upload when the queue or option went away meanwhile', async () => {
    const { state, attach, attachToOption } = departments();
    state.vanishing = true;
    await expect(attach(SALES, video)).rejects.toMatchObject({ code: 'ERR_NOT_FOUND' });
    await expect(attachToOption(5, video)).rejects.toMatchObject({ code: 'ERR_NOT_FOUND' });
    expect(state.files.saved).toHaveLength(2);
    expect(state.files.removed).toEqual(state.files.saved);
  });
});

describe('deleting a queue or a menu option', () => {
  const withMedia = <T extends { mediaPath: string | null }>(row: T, path: string): T => ({ ...row, mediaPath: path });

  it('deletes a queue, announces and audits it, and removes its file', async () => {
    const { state, remove } = departments();
    state.queues.set(SALES, withMedia(state.queues.get(SALES) as QueueRow, `${COMPANY}/queues/boas-vindas.mp4`));
    await remove(SALES);
    expect([...state.queues.keys()]).toEqual([SUPPORT]);
    expect(state.events).toEqual([{ type: 'tickets.queue.deleted', data: { id: SALES } }]);
    expect(state.audited).toEqual(['queue.deleted']);
    expect(state.files.removed).toEqual([`${COMPANY}/queues/boas-vindas.mp4`]);
  });

  it('refuses a queue an AI prompt or a bot integration answers, and one the company does not have', async () => {
    const { state, remove } = departments();
    state.queues.set(SALES, { ...(state.queues.get(SALES) as QueueRow), promptId: OWN_PROMPT });
    state.queues.set(SUPPORT, { ...(state.queues.get(SUPPORT) as QueueRow), integrationId: 4 });
    await expect(remove(SALES)).rejects.toMatchObject({ code: 'ERR_QUEUE_IN_USE' });
    await expect(remove(SUPPORT)).rejects.toMatchObject({ code: 'ERR_QUEUE_IN_USE' });
    await expect(remove(99)).rejects.toMatchObject({ code: 'ERR_NOT_FOUND' });
    expect(state.queues.size).toBe(2);
    expect(state.events).toEqual([]);
    expect(state.audited).toEqual([]);
  });

  it('deletes an option with the options under it, removing their files', async () => {
    const { state, removeOption } = departments();
    state.options.set(5, withMedia(state.options.get(5) as QueueOptionRow, `${COMPANY}/queue-options/planos.pdf`));
    state.options.set(7, optionRow({ id: 7, queueId: SALES, parentId: 5, option: '1', title: 'Fibra' }));
    state.options.set(8, {
      ...optionRow({ id: 8, queueId: SALES, parentId: 5, option: '2', title: 'Rádio' }),
      mediaPath: `${COMPANY}/queue-options/radio.jpg`,
    });
    await removeOption(5);
    expect([...state.options.keys()]).toEqual([6]);
    expect(state.audited).toEqual(['queue-option.deleted']);
    expect(state.files.removed).toEqual([`${COMPANY}/queue-options/planos.pdf`, `${COMPANY}/queue-options/radio.jpg`]);
    await expect(removeOption(99)).rejects.toMatchObject({ code: 'ERR_NOT_FOUND' });
  });

  it('keeps the files when the deletion is not committed', async () => {
    const { state, remove, removeOption } = departments({ transactions: failingCommit });
    state.queues.set(SALES, withMedia(state.queues.get(SALES) as QueueRow, `${COMPANY}/queues/boas-vindas.mp4`));
    state.options.set(6, withMedia(state.options.get(6) as QueueOptionRow, `${COMPANY}/queue-options/internet.pdf`));
    await expect(remove(SALES)).rejects.toThrow('could not serialize access');
    await expect(removeOption(6)).rejects.toThrow('could not serialize access');
    expect(state.files.removed).toEqual([]);
  });
});
