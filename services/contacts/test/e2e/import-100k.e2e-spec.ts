/**
 * A 100,000-row .xlsx imported by the contacts service running as its own process (as deployed): the upload is
 * queued as a pg-boss job, progress events reach Kafka, every row is imported, and the process's peak
 * resident memory (VmHWM) stays bounded because the sheet is streamed, never parsed whole.
 */
import { readFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { runMigrations } from '@cs/platform/database';
import {
  type ChildHandle,
  expectEventually,
  freePort,
  nextCompanyId,
  readAllMessages,
  serviceTestEnv,
  spawnTs,
  TEST_INTERNAL_TOKEN,
  testRun,
  waitForHttp,
} from '@cs/platform/testing';
import { createContactsDataSource } from '../../src/database/data-source.js';
import { multipart, spreadsheet } from '../support/spreadsheets.js';

const ROWS = 100_000;
let service: ChildHandle;
let url: string;

/** Resident memory of a process, from /proc (kB → MB): the current size and the peak. */
function memoryOf(pid: number): { rssMb: number; peakMb: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const field = (name: string): number => Number(status.match(new RegExp(`${name}:\\s+(\\d+) kB`))?.[1] ?? 0) / 1024;
  return { rssMb: field('VmRSS'), peakMb: field('VmHWM') };
}

beforeAll(async () => {
  const dataSource = createContactsDataSource({ DATABASE_URL: testRun().databaseUrl });
  await runMigrations(dataSource);
  await dataSource.destroy();
  const port = await freePort();
  service = spawnTs(
    'services/contacts/src/main.ts',
    serviceTestEnv({
      CONTACTS_PORT: String(port),
      // its own job queue, so this process (the one measured) runs the import
      CONTACTS_JOBS_SCHEMA: `contacts_jobs_${randomBytes(3).toString('hex')}`,
      // a small heap: holding the parsed workbook would crash the process; the young generation as deployed
      // (deploy/scripts/deployables.mjs)
      NODE_OPTIONS: '--max-old-space-size=192 --max-semi-space-size=16',
    }),
    'contacts',
  );
  url = `http://127.0.0.1:${port}`;
  await waitForHttp(`${url}/health/ready`, { child: service });
});

afterAll(async () => {
  await service?.kill();
});

const TIMEOUT_MS = 300_000;

it(
  'imports 100k rows as a job with progress events, without exhausting memory',
  async () => {
    const companyId = await nextCompanyId();
    const rows: Array<[string, string, string]> = [];
    for (let index = 0; index < ROWS; index += 1) {
      rows.push([
        `Contato ${index}`,
        `5511${String(980_000_000 + index)}`,
        index % 10 === 0 ? `c${index}@exemplo.com` : '',
      ]);
    }
    const file = spreadsheet([['Nome', 'Número', 'Email'], ...rows]);
    rows.length = 0;
    const pid = service.process.pid as number;
    const before = memoryOf(pid);

    const response = await fetch(`${url}/contacts/import`, {
      method: 'POST',
      headers: {
        'x-internal-token': TEST_INTERNAL_TOKEN,
        'x-company-id': String(companyId),
        'x-user-id': '1',
        'x-user-profile': 'admin',
      },
      body: multipart(file, 'cem-mil.xlsx'),
    });
    expect(response.status).toBe(202);
    const queued = (await response.json()) as { id: string; status: string };
    expect(queued.status).toBe('queued');

    const report = await expectEventually(
      async () => {
        const current = (await (
          await fetch(`${url}/contacts/imports/${queued.id}`, {
            headers: {
              'x-internal-token': TEST_INTERNAL_TOKEN,
              'x-company-id': String(companyId),
              'x-user-id': '1',
              'x-user-profile': 'admin',
            },
          })
        ).json()) as { status: string; processed: number; imported: number; invalid: number; total: number };
        if (current.status !== 'done') throw new Error(`import ${current.status}: ${current.processed} rows`);
        return current;
      },
      { timeoutMs: 240_000, intervalMs: 1_000 },
    );
    expect(report).toMatchObject({ processed: ROWS, imported: ROWS, invalid: 0, total: ROWS });

    const after = memoryOf(pid);
    // The sheet is streamed: within a 192 MB heap the whole process stays under 450 MB resident at its peak.
    expect(after.peakMb).toBeLessThan(450);
    expect(after.peakMb).toBeGreaterThanOrEqual(before.rssMb);

    const progress = await expectEventually(
      async () => {
        const messages = await readAllMessages(testRun().brokers, `${testRun().topicPrefix}contacts.import.v1`);
        const mine = messages
          .filter((message) => message.key === queued.id)
          .map((message) => (JSON.parse(message.value) as { data: { processed: number; done: boolean } }).data);
        if (!mine.some((entry) => entry.done)) throw new Error('final progress event not on Kafka yet');
        return mine;
      },
      { timeoutMs: 120_000, intervalMs: 2_000 },
    );
    expect(progress.length).toBeGreaterThanOrEqual(100);
    const processed = progress.map((entry) => entry.processed);
    expect(processed).toEqual([...processed].sort((a, b) => a - b));
    expect(progress.at(-1)).toMatchObject({ processed: ROWS, done: true });
  },
  TIMEOUT_MS,
);
