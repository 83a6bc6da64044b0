import type { Announcement } from '@cs/proto/http';
import type { AnnouncementEntity } from './announcement.entity.js';

export const toAnnouncement = (row: AnnouncementEntity): Announcement => ({
  id: row.id,
  companyId: row.companyId,
  title: row.title,
  text: row.text,
  priority: row.priority,
  status: row.status,
  mediaPath: row.mediaPath,
  mediaName: row.mediaName,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});
export type { Announcement };
