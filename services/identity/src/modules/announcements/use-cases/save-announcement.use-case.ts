import { Injectable } from '@nestjs/common';
import { PLATFORM_COMPANY_ID } from '@cs/proto/common';
import { AnnouncementCreated, AnnouncementDeleted, AnnouncementUpdated } from '@cs/proto/events';
import type { AnnouncementRequest } from '@cs/proto/http';
import { AuditTrail } from '@cs/platform/audit';
import { TransactionHost } from '@cs/platform/database';
import { DomainError } from '@cs/platform/errors';
import { EventPublisher } from '@cs/platform/events';
import type { Identity } from '@cs/platform/tenancy';
import { AnnouncementEntity } from '../announcement.entity.js';
import { type Announcement, toAnnouncement } from '../announcements.mapper.js';
import { AnnouncementMediaStore } from '../media-store.js';

/** Only super users of the platform company write announcements (administration-and-extended.md §6). */
export const assertAnnouncer = (caller: Identity): void => {
  if (!caller.isSuper || caller.companyId !== PLATFORM_COMPANY_ID) throw new DomainError('ERR_NO_SUPER');
};

/** Announcements: create, update, attach or remove the image, delete; each change reaches every company. */
@Injectable()
export class SaveAnnouncementUseCase {
  constructor(
    private readonly transactions: TransactionHost,
    private readonly events: EventPublisher,
    private readonly media: AnnouncementMediaStore,
    private readonly audit: AuditTrail,
  ) {}

  async create(caller: Identity, input: AnnouncementRequest): Promise<Announcement> {
    assertAnnouncer(caller);
    return this.transactions.run(async (manager) => {
      const row = await manager.save(
        manager.create(AnnouncementEntity, { ...input, companyId: caller.companyId, mediaPath: null, mediaName: null }),
      );
      const announcement = toAnnouncement(row);
      await this.events.emit(AnnouncementCreated, { companyId: row.companyId, key: row.id, data: announcement });
      await this.audit.record({
        action: 'announcement.created',
        target: { type: 'announcement', id: row.id, label: row.title },
        after: announcement,
      });
      return announcement;
    });
  }

  async update(
    caller: Identity,
    id: number,
    input: Partial<AnnouncementRequest> & { mediaPath?: string | null; mediaName?: string | null },
  ): Promise<Announcement> {
    assertAnnouncer(caller);
    return this.transactions.run(async (manager) => {
      const row = await this.find(manager, caller, id);
      const before = toAnnouncement(row);
      Object.assign(row, Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined)));
      await manager.save(row);
      const announcement = toAnnouncement(row);
      await this.events.emit(AnnouncementUpdated, { companyId: row.companyId, key: row.id, data: announcement });
      await this.audit.record({
        action: 'announcement.updated',
        target: { type: 'announcement', id: row.id, label: row.title },
        before,
        after: announcement,
      });
      return announcement;
    });
  }

  /** Attaches an image the upload route has stored (`AnnouncementMediaStore.uploadTarget`). */
  async attach(caller: Identity, id: number, file: { key: string; originalname: string }): Promise<Announcement> {
    assertAnnouncer(caller);
    const stored = this.media.nameOf(file.key);
    const previous = await this.transactions.manager.findOne(AnnouncementEntity, {
      where: { id, companyId: caller.companyId },
    });
    const announcement = await this.update(caller, id, {
      mediaPath: stored,
      mediaName: file.originalname.replace(/[^\w.\- ]+/g, '_').slice(0, 200),
    });
    await this.media.remove(previous?.mediaPath ?? null);
    return announcement;
  }

  async detach(caller: Identity, id: number): Promise<Announcement> {
    const previous = await this.transactions.manager.findOne(AnnouncementEntity, {
      where: { id, companyId: caller.companyId },
    });
    const announcement = await this.update(caller, id, { mediaPath: null, mediaName: null });
    await this.media.remove(previous?.mediaPath ?? null);
    return announcement;
  }

  async remove(caller: Identity, id: number): Promise<void> {
    assertAnnouncer(caller);
    const mediaPath = await this.transactions.run(async (manager) => {
      const row = await this.find(manager, caller, id);
      await manager.delete(AnnouncementEntity, { id: row.id, companyId: row.companyId });
      await this.events.emit(AnnouncementDeleted, { companyId: row.companyId, key: row.id, data: { id: row.id } });
      await this.audit.record({
        action: 'announcement.deleted',
        target: { type: 'announcement', id: row.id, label: row.title },
        before: toAnnouncement(row),
      });
      return row.mediaPath;
    });
    await this.media.remove(mediaPath);
  }

  private async find(
    manager: import('typeorm').EntityManager,
    caller: Identity,
    id: number,
  ): Promise<AnnouncementEntity> {
    const row = await manager.findOne(AnnouncementEntity, { where: { id, companyId: caller.companyId } });
    if (!row) throw new DomainError('ERR_NO_ANNOUNCEMENT_FOUND');
    return row;
  }
}
