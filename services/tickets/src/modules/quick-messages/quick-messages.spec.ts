import type { EventPublisher } from '@cs/platform/events';
import type { MediaStorage } from '../media/media.storage.js';
import { COMPANY, identityOf, inlineTransactions } from '../../../test/factories/rows.js';
import { QuickMessagesMapper } from './quick-messages.mapper.js';
import type { QuickMessageRow, QuickMessagesRepository } from './quick-messages.repository.js';
import { DeleteQuickMessageUseCase } from './use-cases/delete-quick-message.use-case.js';
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

/** The author's quick messages in memory: one private, one shared with the company. */
function quickMessages() {
  const rows = new Map([
    [PRIVATE, reply(PRIVATE, false)],
    [SHARED, reply(SHARED, true)],
  ]);
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
  };
  const media = { urlOf: (path: string) => path, remove: async () => undefined } as unknown as MediaStorage;
  const events = { emit: async () => undefined } as unknown as EventPublisher;
  const update = new UpdateQuickMessageUseCase(
    inlineTransactions,
    repository as QuickMessagesRepository,
    new QuickMessagesMapper(media),
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
