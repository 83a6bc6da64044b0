import type { ImportReport } from '@cs/proto/http';
import type { ContactImportEntity } from './contact-import.entity.js';

export type { ImportReport };

export const toImportReport = (entity: ContactImportEntity): ImportReport => ({
  id: entity.id,
  jobId: entity.id,
  status: entity.status,
  target: entity.target,
  source: entity.source,
  contactListId: entity.contactListId,
  fileName: entity.fileName,
  total: entity.total,
  processed: entity.processed,
  imported: entity.imported,
  merged: entity.merged,
  invalid: entity.invalid,
  invalidRows: entity.invalidRows,
  error: entity.error,
  createdAt: new Date(entity.createdAt).toISOString(),
  finishedAt: entity.finishedAt ? new Date(entity.finishedAt).toISOString() : null,
});
