import { Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import { Inject } from '@nestjs/common';
import { asCompanyId, type CompanyId } from '@cs/proto/common';
import { ImportProgressed } from '@cs/proto/events';
import { TransactionHost } from '@cs/platform/database';
import { EventPublisher } from '@cs/platform/events';
import { LOGGER } from '@cs/platform/logging';
import { ContactImportEntity, type InvalidRow } from './contact-import.entity.js';
import { ImportBatches } from './import-batches.js';
import { type ParsedRow, RowClassifier } from './import-rows.js';
import { openSpreadsheet, type SpreadsheetFormat, SpreadsheetError } from './spreadsheet.js';

/** Rows written per transaction (each batch commits with its events and a progress event). */
export const IMPORT_BATCH_ROWS = 1_000;
/** Invalid rows kept in the report (the count covers them all). */
export const MAX_REPORTED_INVALID = 1_000;

type ValidRow = Extract<ParsedRow, { kind: 'valid' }>;

/**
 * Runs a spreadsheet import: streams the rows, validates them, writes them in batches (merging duplicates)
 * and reports progress (`contacts.import.progressed`) after each batch. A retried job resumes after the rows
 * its committed batches already counted.
 */
@Injectable()
export class ImportRunner {
  constructor(
    private readonly transactions: TransactionHost,
    private readonly batches: ImportBatches,
    private readonly events: EventPublisher,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async run(importId: string, content: Buffer): Promise<ContactImportEntity> {
    const record = await this.transactions.manager.findOneOrFail(ContactImportEntity, { where: { id: importId } });
    const companyId = asCompanyId(record.companyId);
    if (record.status === 'done' || record.status === 'failed') return record;
    const alreadyProcessed = record.processed;
    try {
      const sheet = await openSpreadsheet(content, record.fileFormat as SpreadsheetFormat);
      const estimate = Math.max((sheet.lastRow ?? 0) - 1, record.total, 0);
      await this.transactions.manager.update(
        ContactImportEntity,
        { id: importId, companyId },
        { status: 'running', total: estimate },
      );
      record.status = 'running';
      record.total = estimate;

      const classifier = new RowClassifier();
      let seen = 0;
      let valid: ValidRow[] = [];
      let invalid: InvalidRow[] = [];
      const flush = async (): Promise<void> => {
        if (valid.length === 0 && invalid.length === 0) return;
        await this.commitBatch(record, companyId, valid, invalid);
        valid = [];
        invalid = [];
      };
      const take = async (parsed: ParsedRow): Promise<void> => {
        if (parsed.kind === 'blank') return;
        seen += 1;
        if (seen <= alreadyProcessed) return;
        if (parsed.kind === 'valid') valid.push(parsed);
        else invalid.push({ row: parsed.row, reason: parsed.reason });
        if (valid.length + invalid.length >= IMPORT_BATCH_ROWS) await flush();
      };
      for await (const rows of sheet.rows) {
        for (const row of rows) for (const parsed of classifier.push(row)) await take(parsed);
      }
      for (const parsed of classifier.finish()) await take(parsed);
      await flush();
      return await this.finish(record, companyId, null);
    } catch (error) {
      if (error instanceof SpreadsheetError) {
        this.logger.warn({ err: error, importId }, 'unreadable spreadsheet');
        return this.finish(record, companyId, 'ERR_IMPORT_INVALID_FILE');
      }
      throw error;
    }
  }

  private async commitBatch(
    record: ContactImportEntity,
    companyId: CompanyId,
    valid: readonly ValidRow[],
    invalid: readonly InvalidRow[],
  ): Promise<void> {
    await this.transactions.run(async (manager) => {
      const outcome =
        record.target === 'contacts'
          ? await this.batches.intoContacts(companyId, valid)
          : await this.batches.intoList(companyId, record.contactListId as number, valid);
      record.processed += valid.length + invalid.length;
      record.imported += outcome.imported;
      record.merged += outcome.merged;
      record.invalid += invalid.length;
      record.invalidRows = [...record.invalidRows, ...invalid].slice(0, MAX_REPORTED_INVALID);
      record.total = Math.max(record.total, record.processed);
      await manager.update(
        ContactImportEntity,
        { id: record.id, companyId },
        {
          processed: record.processed,
          imported: record.imported,
          merged: record.merged,
          invalid: record.invalid,
          invalidRows: record.invalidRows,
          total: record.total,
        },
      );
      await this.progress(record, companyId, false);
    });
  }

  private async finish(
    record: ContactImportEntity,
    companyId: CompanyId,
    error: string | null,
  ): Promise<ContactImportEntity> {
    return this.transactions.run(async (manager) => {
      record.status = error ? 'failed' : 'done';
      record.error = error;
      record.total = error ? record.total : record.processed;
      record.finishedAt = new Date();
      await manager.update(
        ContactImportEntity,
        { id: record.id, companyId },
        { status: record.status, error, total: record.total, finishedAt: record.finishedAt, content: null },
      );
      await this.progress(record, companyId, true);
      return record;
    });
  }

  private async progress(record: ContactImportEntity, companyId: CompanyId, done: boolean): Promise<void> {
    await this.events.emit(ImportProgressed, {
      companyId,
      key: record.id,
      data: {
        jobId: record.id,
        target: record.target,
        contactListId: record.contactListId,
        processed: record.processed,
        total: record.total,
        imported: record.imported,
        invalid: record.invalid,
        merged: record.merged,
        error: record.error,
        done,
      },
    });
  }
}
