import { asCompanyId } from '@cs/proto/common';
import type { CampaignStatus } from '@cs/proto/events';
import { DomainError } from '@cs/platform/errors';
import type { TransactionHost } from '@cs/platform/database';
import type { EventPublisher } from '@cs/platform/events';
import type { DispatchEngine } from '../dispatch/dispatch-engine.js';
import type { MediaStorage } from '../media/media.storage.js';
import type { ProjectionsRepository } from '../projections/projections.repository.js';
import type { CampaignRow, CampaignsRepository } from './campaigns.repository.js';
import { CampaignsService, isEditable } from './campaigns.service.js';

const COMPANY = asCompanyId(7);
const HOUR = 3_600_000;
const NOW = Date.parse('2026-03-10T12:00:00Z');

/** In-memory stand-ins for the service's ports: one campaign row, and what the service asked of each port. */
function harness(
  status: CampaignStatus,
  scheduledAt: Date | null = null,
  { missing = [] }: { missing?: readonly string[] } = {},
) {
  const row = {
    id: 1,
    company_id: COMPANY,
    status,
    scheduled_at: scheduledAt,
    media_path: null,
  } as unknown as CampaignRow;
  const writes: string[] = [];
  const calls: string[] = [];
  const manager = {
    query: (sql: string, params: unknown[] = []) => {
      if (sql.startsWith('INSERT INTO campaigns')) {
        writes.push(sql);
        row.status = params.at(-1) as CampaignStatus;
        return Promise.resolve([{ id: 1 }]);
      }
      // the references the company does not have (another company's, or none)
      if (missing.some((table) => sql.startsWith(`SELECT 1 FROM ${table} `))) return Promise.resolve([]);
      if (sql.startsWith('UPDATE campaigns')) {
        writes.push(sql);
        const status =
          /status = '([A-Z_]+)'/.exec(sql)?.[1] ?? params.find((p) => typeof p === 'string' && /^[A-Z_]+$/.test(p));
        if (typeof status === 'string') row.status = status as CampaignStatus;
      } else if (sql.startsWith('DELETE')) writes.push(sql);
      return Promise.resolve(sql.startsWith('SELECT 1') ? [{}] : []);
    },
  };
  const transactions = { run: <T>(work: (m: typeof manager) => Promise<T>) => work(manager) };
  const campaigns = {
    row: () => Promise.resolve({ ...row }),
    announce: () => {
      calls.push(`announce:${row.status}`);
      return Promise.resolve({});
    },
  };
  const engine = {
    materialize: () => (calls.push('materialize'), Promise.resolve()),
    kick: () => (calls.push('kick'), Promise.resolve('token')),
    scheduleStart: () => (calls.push('scheduleStart'), Promise.resolve()),
  };
  const events = { emit: () => (calls.push('deleted'), Promise.resolve()) };
  const projections = {
    awaitReference: () => Promise.resolve(),
    company: () => Promise.resolve({ timezone: 'America/Sao_Paulo' }),
  };
  const media = {
    save: () => (calls.push('media.save'), { path: 'p', name: 'n.png', mimeType: 'image/png' }),
    remove: () => Promise.resolve(),
  };
  const service = new CampaignsService(
    transactions as unknown as TransactionHost,
    events as unknown as EventPublisher,
    campaigns as unknown as CampaignsRepository,
    projections as unknown as ProjectionsRepository,
    engine as unknown as DispatchEngine,
    media as unknown as MediaStorage,
  );
  return { service, row, writes, calls };
}

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => 'accepted',
    (error: unknown) => (error instanceof DomainError ? error.code : String(error)),
  );

const body = {
  name: 'Black Friday',
  message1: 'Oi {nome}',
  message2: null,
  message3: null,
  message4: null,
  message5: null,
  confirmationMessage1: null,
  confirmationMessage2: null,
  confirmationMessage3: null,
  confirmationMessage4: null,
  confirmationMessage5: null,
  confirmation: false,
  contactListId: 3,
  tagListId: null,
  whatsappId: 2,
  fileListId: null,
  template: null,
  scheduledAt: null,
};

describe('campaign editing', () => {
  it('is open while inactive or cancelled, and while scheduled more than one hour ahead', () => {
    expect(isEditable({ status: 'INATIVA', scheduled_at: null }, NOW)).toBe(true);
    expect(isEditable({ status: 'CANCELADA', scheduled_at: new Date(NOW - HOUR) }, NOW)).toBe(true);
    expect(isEditable({ status: 'PROGRAMADA', scheduled_at: new Date(NOW + HOUR + 1_000) }, NOW)).toBe(true);
  });

  it('is closed within the last hour before the start, and once running or finished', () => {
    expect(isEditable({ status: 'PROGRAMADA', scheduled_at: new Date(NOW + HOUR) }, NOW)).toBe(false);
    expect(isEditable({ status: 'PROGRAMADA', scheduled_at: new Date(NOW + 10 * 60_000) }, NOW)).toBe(false);
    expect(isEditable({ status: 'EM_ANDAMENTO', scheduled_at: new Date(NOW - HOUR) }, NOW)).toBe(false);
    expect(isEditable({ status: 'FINALIZADA', scheduled_at: new Date(NOW - HOUR) }, NOW)).toBe(false);
  });

  it('refuses to save a running campaign and changes nothing', async () => {
    const { service, writes, calls } = harness('EM_ANDAMENTO');
    expect(await refusal(service.update(COMPANY, 1, body))).toBe('ERR_CAMPAIGN_NOT_EDITABLE');
    expect(writes).toEqual([]);
    expect(calls).toEqual([]);
  });

  it('keeps a saved cancelled campaign cancelled, without scheduling a start', async () => {
    const { service, row, calls } = harness('CANCELADA');
    await service.update(COMPANY, 1, { ...body, scheduledAt: '2030-01-01 10:00:00' });
    expect(row.status).toBe('CANCELADA');
    expect(calls).not.toContain('scheduleStart');
  });

  it('schedules an inactive campaign given a date-time, and leaves it inactive without one', async () => {
    const scheduled = harness('INATIVA');
    await scheduled.service.update(COMPANY, 1, { ...body, scheduledAt: '2030-01-01 10:00:00' });
    expect(scheduled.row.status).toBe('PROGRAMADA');
    expect(scheduled.calls).toContain('scheduleStart');

    const unscheduled = harness('INATIVA');
    await unscheduled.service.update(COMPANY, 1, body);
    expect(unscheduled.row.status).toBe('INATIVA');
    expect(unscheduled.calls).not.toContain('scheduleStart');
  });
});

describe('cancel and restart', () => {
  it('cancels a running campaign and announces it cancelled', async () => {
    const { service, row, calls } = harness('EM_ANDAMENTO');
    await service.cancel(COMPANY, 1);
    expect(row.status).toBe('CANCELADA');
    expect(calls).toEqual(['announce:CANCELADA']);
  });

  it.each<CampaignStatus>(['INATIVA', 'PROGRAMADA', 'CANCELADA', 'FINALIZADA'])(
    'refuses to cancel a campaign that is %s',
    async (status) => {
      const { service, row, writes } = harness(status);
      expect(await refusal(service.cancel(COMPANY, 1))).toBe('ERR_CAMPAIGN_NOT_RUNNING');
      expect(writes).toEqual([]);
      expect(row.status).toBe(status);
    },
  );

  it('restarts a cancelled campaign: new contacts are added, then a new dispatch chain starts', async () => {
    const { service, row, calls } = harness('CANCELADA');
    await service.restart(COMPANY, 1);
    expect(row.status).toBe('EM_ANDAMENTO');
    expect(calls).toEqual(['materialize', 'kick', 'announce:EM_ANDAMENTO']);
  });

  it.each<CampaignStatus>(['INATIVA', 'PROGRAMADA', 'EM_ANDAMENTO', 'FINALIZADA'])(
    'refuses to restart a campaign that is %s, sending nothing',
    async (status) => {
      const { service, writes, calls } = harness(status);
      expect(await refusal(service.restart(COMPANY, 1))).toBe('ERR_CAMPAIGN_NOT_CANCELLED');
      expect(writes).toEqual([]);
      expect(calls).toEqual([]);
    },
  );

  it('refuses to delete a running campaign; deletes a cancelled one', async () => {
    const running = harness('EM_ANDAMENTO');
    expect(await refusal(running.service.remove(COMPANY, 1))).toBe('ERR_CAMPAIGN_RUNNING');
    expect(running.writes).toEqual([]);

    const cancelled = harness('CANCELADA');
    await cancelled.service.remove(COMPANY, 1);
    expect(cancelled.calls).toEqual(['deleted']);
  });
});

describe('creating a campaign', () => {
  it('is scheduled when given a date-time in the company’s zone, and inactive without one', async () => {
    const scheduled = harness('INATIVA');
    await scheduled.service.create(COMPANY, { ...body, scheduledAt: '2030-01-01 10:00:00' });
    expect(scheduled.row.status).toBe('PROGRAMADA');
    expect(scheduled.calls).toEqual(['scheduleStart', 'announce:PROGRAMADA']);

    const unscheduled = harness('INATIVA');
    await unscheduled.service.create(COMPANY, body);
    expect(unscheduled.row.status).toBe('INATIVA');
    expect(unscheduled.calls).toEqual(['announce:INATIVA']);
  });

  it.each([
    ['connections', 'ERR_NO_WAPP_FOUND'],
    ['contact_lists', 'ERR_NO_CONTACT_LIST_FOUND'],
    ['tags', 'ERR_NO_TAG_FOUND'],
  ])('refuses a reference to %s the company does not have (%s), creating nothing', async (table, code) => {
    const { service, writes, calls } = harness('INATIVA', null, { missing: [table] });
    expect(await refusal(service.create(COMPANY, { ...body, tagListId: 5 }))).toBe(code);
    expect(writes).toEqual([]);
    expect(calls).toEqual([]);
  });

  it('refuses a start date that does not exist', async () => {
    const { service, writes } = harness('INATIVA');
    expect(await refusal(service.create(COMPANY, { ...body, scheduledAt: '2030-02-30 10:00:00' }))).toBe(
      'ERR_VALIDATION',
    );
    expect(writes).toEqual([]);
  });
});

describe('campaign media', () => {
  /** An upload the route streamed into the store. */
  const file = {
    originalname: 'a.png',
    mimetype: 'image/png',
    size: 3,
    key: '2/campaign/1/u-a.png',
    sniffedType: 'image/png',
  };

  it('is not stored for a campaign that can no longer be edited', async () => {
    const { service, writes, calls } = harness('EM_ANDAMENTO');
    expect(await refusal(service.attachMedia(COMPANY, 1, file))).toBe('ERR_CAMPAIGN_NOT_EDITABLE');
    expect(calls).toEqual([]);
    expect(writes).toEqual([]);
  });

  it('is replaced on an editable campaign, and the campaign announced', async () => {
    const { service, writes, calls } = harness('INATIVA');
    await service.attachMedia(COMPANY, 1, file);
    expect(calls).toEqual(['media.save', 'announce:INATIVA']);
    expect(writes).toEqual([expect.stringContaining('SET media_path = $2')]);
  });

  it('is kept when removing it from a running campaign', async () => {
    const { service, writes } = harness('EM_ANDAMENTO');
    expect(await refusal(service.removeMedia(COMPANY, 1))).toBe('ERR_CAMPAIGN_NOT_EDITABLE');
    expect(writes).toEqual([]);
  });
});
