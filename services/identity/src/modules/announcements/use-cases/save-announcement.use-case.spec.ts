import { asCompanyId, asUserId, PLATFORM_COMPANY_ID } from '@cs/proto/common';
import type { Identity } from '@cs/platform/tenancy';
import { inMemoryManager, recorders } from '../../../../test/support/in-memory-manager.js';
import { AnnouncementEntity } from '../announcement.entity.js';
import type { AnnouncementMediaStore } from '../media-store.js';
import { SaveAnnouncementUseCase } from './save-announcement.use-case.js';

const announcer: Identity = {
  companyId: PLATFORM_COMPANY_ID,
  userId: asUserId(1),
  profile: 'admin',
  isSuper: true,
  sessionId: 's',
};
const request = { title: 'Manutenção', text: 'Domingo às 2h', priority: 1, status: true };

/** Announcements in memory; the stored images adopted and removed (the upload route streams them to the store). */
function announcements() {
  const rows: Array<Record<string, unknown>> = [];
  const { transactions } = inMemoryManager(new Map([[AnnouncementEntity, rows]]));
  const { events, actions, publisher, audit } = recorders();
  const files = { removed: [] as Array<string | null> };
  const media = {
    nameOf: (key: string) => key.slice('announcements/'.length),
    remove: async (name: string | null) => void files.removed.push(name),
  } as unknown as AnnouncementMediaStore;
  const useCase = new SaveAnnouncementUseCase(transactions, publisher, media, audit);
  return { rows, events, actions, files, useCase };
}

describe(SaveAnnouncementUseCase.name, () => {
  it('lets a super user of the platform company publish one, announced and audited', async () => {
    const { rows, events, actions, useCase } = announcements();
    const created = await useCase.create(announcer, request);
    expect(created).toMatchObject({ ...request, companyId: PLATFORM_COMPANY_ID, mediaPath: null });
    expect(rows).toHaveLength(1);
    expect(events).toEqual([{ type: 'identity.announcement.created', data: created }]);
    expect(actions.map((action) => action.action)).toEqual(['announcement.created']);
  });

  it('refuses anyone else: an admin of the platform, a super user of another company', async () => {
    const { rows, events, useCase } = announcements();
    const admin = { ...announcer, isSuper: false };
    const otherSuper = { ...announcer, companyId: asCompanyId(2) };
    await expect(useCase.create(admin, request)).rejects.toMatchObject({ code: 'ERR_NO_SUPER' });
    await expect(useCase.create(otherSuper, request)).rejects.toMatchObject({ code: 'ERR_NO_SUPER' });
    const { id } = await useCase.create(announcer, request);
    await expect(useCase.update(admin, id, { title: 'x' })).rejects.toMatchObject({ code: 'ERR_NO_SUPER' });
    await expect(useCase.remove(otherSuper, id)).rejects.toMatchObject({ code: 'ERR_NO_SUPER' });
    expect(rows).toHaveLength(1);
    expect(events).toHaveLength(1);
  });

  it('replaces the image: the new one kept with a safe name, the previous one removed after', async () => {
    const { files, useCase } = announcements();
    const { id } = await useCase.create(announcer, request);
    await useCase.attach(announcer, id, { key: 'announcements/file-1.png', originalname: 'primeira.png' });
    const second = await useCase.attach(announcer, id, { key: 'announcements/file-2.png', originalname: '../<x>.png' });
    expect(second).toMatchObject({ mediaPath: 'file-2.png', mediaName: '.._x_.png' });
    expect(files.removed).toEqual([null, 'file-1.png']);
    await useCase.detach(announcer, id);
    expect(files.removed).toEqual([null, 'file-1.png', 'file-2.png']);
  });

  it('deletes one with its image, announced to every company; an unknown one is not found', async () => {
    const { rows, events, files, useCase } = announcements();
    const { id } = await useCase.create(announcer, request);
    await useCase.attach(announcer, id, { key: 'announcements/file-1.png', originalname: 'a.png' });
    await useCase.remove(announcer, id);
    expect(rows).toEqual([]);
    expect(files.removed.at(-1)).toBe('file-1.png');
    expect(events.at(-1)).toEqual({ type: 'identity.announcement.deleted', data: { id } });
    await expect(useCase.remove(announcer, id)).rejects.toMatchObject({ code: 'ERR_NO_ANNOUNCEMENT_FOUND' });
  });
});
