import { Injectable } from '@nestjs/common';
import { v7 as uuidv7 } from 'uuid';
import type { CompanyId, UserId } from '@cs/proto/common';
import { ExportContacts, ImportProgressed } from '@cs/proto/events';
import { TransactionHost } from '@cs/platform/database';
import { EventPublisher } from '@cs/platform/events';
import { ContactImportEntity } from '../contact-import.entity.js';
import { type ImportReport, toImportReport } from '../contact-imports.mapper.js';

/**
 * "Import from phone": asks the connector to publish the phone's contacts (`whatsapp.contacts.export`); they
 * arrive as `whatsapp.contact.upserted` events (upserted like any WhatsApp contact) and the connector's
 * `whatsapp.contacts.exported` closes the import.
 */
@Injectable()
export class PhoneImportUseCase {
  constructor(
    private readonly transactions: TransactionHost,
    private readonly events: EventPublisher,
  ) {}

  async start(companyId: CompanyId, userId: UserId, connectionId: number | null): Promise<ImportReport> {
    const id = uuidv7();
    return this.transactions.run(async (manager) => {
      const record = manager.create(ContactImportEntity, {
        id,
        companyId,
        target: 'contacts',
        contactListId: null,
        source: 'phone',
        fileName: null,
        fileFormat: null,
        content: null,
        status: 'running',
        total: 0,
        processed: 0,
        imported: 0,
        merged: 0,
        invalid: 0,
        invalidRows: [],
        error: null,
        createdBy: userId,
        finishedAt: null,
      });
      await manager.save(record);
      await this.events.emit(ExportContacts, { companyId, key: companyId, data: { commandId: id, connectionId } });
      return toImportReport(record);
    });
  }

  /** The connector's `whatsapp.contacts.exported`: the phone's contacts have all been published. */
  async finish(companyId: CompanyId, commandId: string, count: number, error: string | null): Promise<void> {
    await this.transactions.run(async (manager) => {
      const record = await manager.findOne(ContactImportEntity, {
        where: { companyId, id: commandId, source: 'phone' },
      });
      if (!record || record.status === 'done' || record.status === 'failed') return;
      record.status = error ? 'failed' : 'done';
      record.error = error;
      record.total = count;
      record.processed = count;
      record.imported = count;
      record.finishedAt = new Date();
      await manager.save(record);
      await this.events.emit(ImportProgressed, {
        companyId,
        key: record.id,
        data: {
          jobId: record.id,
          target: 'contacts',
          contactListId: null,
          processed: count,
          total: count,
          imported: count,
          invalid: 0,
          merged: 0,
          error,
          done: true,
        },
      });
    });
  }
}
