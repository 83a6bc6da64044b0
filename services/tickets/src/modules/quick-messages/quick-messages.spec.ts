import type { EventPublisher } from '@cs/platform/events';
import type { UploadedFile } from '../media/media.storage.js';
import { COMPANY, identityOf, inlineTransactions, recordingMedia } from '../../../test/factories/rows.js';
import { QuickMessagesMapper } from './quick-messages.mapper.js';
import type { QuickMessageRow, QuickMessagesRepository } from './quick-messages.repository.js';
import { CreateQuickMessageUseCase } from './use-cases/create-quick-message.use-case.js';
import { DeleteQuickMessageUseCase } from './use-cases/delete-quick-message.use-case.js';
import { SetQuickMessageMediaUseCase } from './use-cases/set-quick-message-media.use-case.js';
import { UpdateQuickMessageUseCase } from './use-cases/update-quick-message.use-case.js';

const AUTHOR = 3;
const COLLEAGUE = 4;
const ADMIN = 5;

const reply = (id: number, geral: boolean): QuickMessageRow => ({
  id,
  companyId: COMPANY,
  userId: AUTHOR,
  shortcode: `atalho${id}`,
  message: 'Bom dia!',
  mediaPath: null,
  mediaName: null,
  geral,
  createdAt: new Date(0),
  updatedAt: new Date(0),
});
const PRIVATE = 1;
const SHARED = 2;

/**
 * The author's quick messages in memory: one private, one shared with the company (its attachment `old.pdf`); the
 * files stored and removed, and an outbox that fails while `outboxDown`.
 */
function quickMessages() {
  const rows = new Map([
    [PRIVATE, reply(PRIVATE, false)],
    [SHARED, { ...reply(SHARED, true), mediaPath: `${COMPANY}/quick-messages/old.pdf`, mediaName: 'old.pdf' }],
  ]);
  let outboxDown = false;
  const repository: Partial<QuickMessagesRepository> = {
    findVisible: async (_companyId, userId, id) => {
      const row = rows.get(id);
      return row && (row.geral || row.userId === userId) ? row : null;
    },
    update: async (_companyId, id, input) => {
      const row = { ...(rows.get(id) as QuickMessageRow), ...input };
      rows.set(id, row);
      return row;
    },
    delete: async (_companyId, id) => {
      rows.delete(id);
    },
    insert: async (companyId, userId, input) => {
      const row = { ...reply(rows.size + 1, false), companyId, userId, ...input };
      rows.set(row.id, row);
      return row;
    },
    setMedia: async (_companyId, id, mediaPath, mediaName) => {
      const row = { ...(rows.get(id) as QuickMessageRow), mediaPath, mediaName };
      rows.set(id, row);
      return row;
    },
  };
  const { files, media } = recordingMedia();
  const events = {
    emit: async () => {
      if (outboxDown) throw new Error('outbox unavailable');
    },
  } as unknown as EventPublisher;
  const mapper = new QuickMessagesMapper(media);
  const update = new UpdateQuickMessageUseCase(
    inlineTransactions,
    repository as QuickMessagesRepository,
    mapper,
    events,
  );
  const create = new CreateQuickMessageUseCase(
    inlineTransactions,
    repository as QuickMessagesRepository,
    mapper,
    events,
  );
  const attach = new SetQuickMessageMediaUseCase(
    inlineTransactions,
    repository as QuickMessagesRepository,
    mapper,
    media,
    events,
  );
  const remove = new DeleteQuickMessageUseCase(
    inlineTransactions,
    repository as QuickMessagesRepository,
    media,
    events,
  );
  return {
    rows,
    files,
    breakOutbox: () => {
      outboxDown = true;
    },
    write: (by: number, body: { shortcode: string; message?: string; geral?: boolean }) =>
      create.execute(COMPANY, identityOf(by), { geral: undefined, ...body }),
    attach: (by: number, id: number, file: UploadedFile | null, profile: 'admin' | 'user' = 'user') =>
      attach.execute(COMPANY, identityOf(by, profile), id, file),
    rewrite: (by: number, id: number, message: string, profile: 'admin' | 'user' = 'user') =>
      update.execute(COMPANY, identityOf(by, profile), id, { message }),
    erase: (by: number, id: number, profile: 'admin' | 'user' = 'user') =>
      remove.execute(COMPANY, identityOf(by, profile), id),
  };
}

describe('quick messages', () => {
  it('are edited by their author, keeping the fields not sent', async () => {
    const { rewrite } = quickMessages();
    expect(await rewrite(AUTHOR, PRIVATE, 'Boa tarde!')).toMatchObject({
      shortcode: 'atalho1',
      message: 'Boa tarde!',
      geral: false,
    });
  });

  it('shared ones may be edited or deleted by an admin, not by another agent', async () => {
    const { rewrite, erase, rows } = quickMessages();
    await expect(rewrite(COLLEAGUE, SHARED, 'x')).rejects.toMatchObject({ code: 'ERR_NO_PERMISSION' });
    await expect(erase(COLLEAGUE, SHARED)).rejects.toMatchObject({ code: 'ERR_NO_PERMISSION' });
    expect(await rewrite(ADMIN, SHARED, 'Olá a todos', 'admin')).toMatchObject({ message: 'Olá a todos' });
    await erase(ADMIN, SHARED, 'admin');
    expect(rows.has(SHARED)).toBe(false);
  });

  it('private ones are not found by anyone else, admins included', async () => {
    const { rewrite, erase, rows } = quickMessages();
    await expect(rewrite(ADMIN, PRIVATE, 'x', 'admin')).rejects.toMatchObject({ code: 'ERR_NO_QUICK_MESSAGE_FOUND' });
    await expect(erase(COLLEAGUE, PRIVATE)).rejects.toMatchObject({ code: 'ERR_NO_QUICK_MESSAGE_FOUND' });
    expect(rows.get(PRIVATE)?.message).toBe('Bom dia!');
  });
});

describe('a quick message’s attachment', () => {
  const pdf: UploadedFile = { originalname: 'tabela de preços.pdf', mimetype: 'application/pdf', size: 10 };

  it('replaces the previous file, which is removed once the change is committed', async () => {
    const { rows, files, attach } = quickMessages();
    await attach(AUTHOR, SHARED, pdf);

    expect(rows.get(SHARED)).toMatchObject({
      mediaPath: `${COMPANY}/quick-messages/tabela_de_preços.pdf`,
      mediaName: 'tabela_de_preços.pdf',
    });
    expect(files.removed).toEqual([`${COMPANY}/quick-messages/old.pdf`]);
  });

  it('is removed, file and all, when none is sent', async () => {
    const { rows, files, attach } = quickMessages();
    await attach(AUTHOR, SHARED, null);

    expect(rows.get(SHARED)).toMatchObject({ mediaPath: null, mediaName: null });
    expect(files).toEqual({ saved: [], removed: [`${COMPANY}/quick-messages/old.pdf`] });
  });

  it('leaves no stray file when the change fails, and keeps the previous one', async () => {
    const { files, breakOutbox, attach } = quickMessages();
    breakOutbox();
    await expect(attach(AUTHOR, SHARED, pdf)).rejects.toThrow('outbox unavailable');

    expect(files.saved).toHaveLength(1);
    expect(files.removed).toEqual(files.saved);
    expect(files.removed).not.toContain(`${COMPANY}/quick-messages/old.pdf`);
  });

  it('may not be changed by an agent on a colleague’s shared reply: nothing is stored', async () => {
    const { files, attach } = quickMessages();
    await expect(attach(COLLEAGUE, SHARED, pdf)).rejects.toMatchObject({ code: 'ERR_NO_PERMISSION' });
    await expect(attach(COLLEAGUE, PRIVATE, pdf)).rejects.toMatchObject({ code: 'ERR_NO_QUICK_MESSAGE_FOUND' });
    expect(files).toEqual({ saved: [], removed: [] });
  });
});

describe('a new quick message', () => {
  it('is the caller’s and private unless shared, with an empty text when only the shortcode is given', async () => {
    const { write } = quickMessages();
    expect(await write(COLLEAGUE, { shortcode: 'pix' })).toMatchObject({
      userId: COLLEAGUE,
      shortcode: 'pix',
      message: '',
      geral: false,
    });
    expect(await write(COLLEAGUE, { shortcode: 'oi', message: 'Olá!', geral: true })).toMatchObject({ geral: true });
  });
});
