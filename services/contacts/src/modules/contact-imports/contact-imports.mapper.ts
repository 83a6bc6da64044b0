import type { ContactImportEntity, InvalidRow } from './contact-import.entity.js';

/** What the import routes answer (and `GET /contacts/imports/{id}` shows): the running or final report. */
export interface ImportReport {
  readonly id: string;
  readonly jobId: string;
  readonly status: ContactImportEntity['status'];
  readonly target: ContactImportEntity['target'];
  readonly source: ContactImportEntity['source'];
  readonly contactListId: number | null;
  readonly fileName: string | null;
  readonly total: number;
  readonly processed: number;
  readonly imported: number;
  readonly merged: number;
  readonly invalid: number;
  /** The invalid rows with their spreadsheet row numbers (the first 1,000). */
  readonly invalidRows: readonly InvalidRow[];
  readonly error: string | null;
  readonly createdAt: string;
  readonly finishedAt: string | null;
}

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
