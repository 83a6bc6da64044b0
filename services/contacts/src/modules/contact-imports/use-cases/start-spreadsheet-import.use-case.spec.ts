import { asCompanyId, asUserId } from '@cs/proto/common';
import type { JobsService } from '@cs/platform/jobs';
import { InMemoryContacts } from '../../../../test/support/in-memory-contacts.js';
import { ContactImportEntity } from '../contact-import.entity.js';
import type { ImportRunner } from '../import-runner.js';
import {
  IMPORT_JOB,
  StartSpreadsheetImportUseCase,
  type UploadedSpreadsheet,
} from './start-spreadsheet-import.use-case.js';

const COMPANY = asCompanyId(3);
const INLINE_BYTES = 100;

/** A file whose first bytes say what it is (an .xlsx is a zip). */
const xlsx = (size: number): UploadedSpreadsheet => {
  const buffer = Buffer.alloc(size, 0x20);
  buffer.set([0x50, 0x4b, 0x03, 0x04]);
  return { originalname: 'contatos.xlsx', buffer, size };
};

function setup(runStatus: 'done' | 'failed' = 'done') {
  const store = new InMemoryContacts();
  const jobs: Array<{ name: string; data: unknown }> = [];
  const ran: Array<{ id: string; content: Buffer }> = [];
  const runner = {
    run: (id: string, content: Buffer) => {
      ran.push({ id, content });
      const record = store.rows(ContactImportEntity).find((row) => row.id === id)!;
      Object.assign(record, { status: runStatus, error: runStatus === 'failed' ? 'ERR_IMPORT_INVALID_FILE' : null });
      return Promise.resolve(record);
    },
  } as unknown as ImportRunner;
  const jobService = {
    send: (name: string, data: unknown) => (jobs.push({ name, data }), Promise.resolve('job-1')),
  } as unknown as JobsService;
  const start = new StartSpreadsheetImportUseCase(store.transactions, jobService, runner, {
    CONTACTS_IMPORT_INLINE_BYTES: INLINE_BYTES,
  });
  const input = (file: UploadedSpreadsheet, contactListId: number | null = null) => ({
    companyId: COMPANY,
    userId: asUserId(9),
    target: contactListId === null ? ('contacts' as const) : ('contact-list' as const),
    contactListId,
    file,
  });
  return { store, jobs, ran, start, input };
}

describe('starting a spreadsheet import', () => {
  it('imports a small file during the request and answers its report', async () => {
    const { store, jobs, ran, start, input } = setup();

    const { report, inline } = await start.execute(input(xlsx(INLINE_BYTES)));

    expect(inline).toBe(true);
    expect(report).toMatchObject({ status: 'done', fileName: 'contatos.xlsx', source: 'spreadsheet' });
    expect(ran).toHaveLength(1);
    expect(jobs).toEqual([]);
    // the file itself is not kept once imported in the request
    expect(store.rows(ContactImportEntity)[0]?.content).toBeNull();
  });

  it('queues a larger file as a job, keeping the file for it, and answers the report so far', async () => {
    const { store, jobs, ran, start, input } = setup();
    const file = xlsx(INLINE_BYTES + 1);

    const { report, inline } = await start.execute(input(file));

    expect(inline).toBe(false);
    expect(report).toMatchObject({ status: 'queued', processed: 0 });
    expect(ran).toEqual([]);
    expect(jobs).toEqual([{ name: IMPORT_JOB, data: { importId: report.id } }]);
    expect(store.rows(ContactImportEntity)[0]).toMatchObject({
      companyId: 3,
      fileFormat: 'xlsx',
      content: file.buffer,
    });
  });

  it('refuses a file that is no spreadsheet, whatever its name, storing nothing', async () => {
    const { store, start, input } = setup();
    const text = Buffer.from('%PDF-1.7 not a sheet');

    await expect(
      start.execute(input({ originalname: 'contatos.xlsx', buffer: text, size: text.length })),
    ).rejects.toMatchObject({ code: 'ERR_UNSUPPORTED_MEDIA_TYPE' });
    expect(store.rows(ContactImportEntity)).toEqual([]);
  });

  it('answers an unreadable small file as invalid, with its report', async () => {
    const { start, input } = setup('failed');

    await expect(start.execute(input(xlsx(10)))).rejects.toMatchObject({
      code: 'ERR_IMPORT_INVALID_FILE',
      details: expect.objectContaining({ status: 'failed' }),
    });
  });

  it('does not import into another company’s list', async () => {
    const { store, jobs, start, input } = setup();
    const theirs = store.list({ companyId: asCompanyId(4) });

    await expect(start.execute(input(xlsx(INLINE_BYTES + 1), theirs.id))).rejects.toMatchObject({
      code: 'ERR_NO_CONTACT_LIST_FOUND',
      status: 404,
    });
    expect(store.rows(ContactImportEntity)).toEqual([]);
    expect(jobs).toEqual([]);
  });
});
