import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { mapRow, type SqlRow, TransactionHost } from '@cs/platform/database';
import { JobsService } from '@cs/platform/jobs';
import { ImportRunner } from './import-runner.js';
import { IMPORT_JOB } from './use-cases/start-spreadsheet-import.use-case.js';

/** The worker of large spreadsheet imports (pg-boss queue `contacts.import`). */
@Injectable()
export class ContactImportsJobs implements OnApplicationBootstrap {
  constructor(
    private readonly jobs: JobsService,
    private readonly transactions: TransactionHost,
    private readonly runner: ImportRunner,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.jobs.work<{ importId: string }>(IMPORT_JOB, (data) => this.handle(data.importId), { retryLimit: 3 });
  }

  private async handle(importId: string): Promise<void> {
    const [row] = await this.transactions.manager.query<SqlRow[]>(
      'SELECT content, status FROM contact_imports WHERE id = $1',
      [importId],
    );
    if (!row) return;
    const found = mapRow(row, (r) => ({ content: r.nullable('content', r.bytes), status: r.string('status') }));
    if (!found.content || found.status === 'done' || found.status === 'failed') return;
    await this.runner.run(importId, found.content);
  }
}
