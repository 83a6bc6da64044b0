import { mapRow } from '@cs/platform/database';
import { readCampaignRow } from './campaigns.repository.js';

const row = {
  id: 5,
  company_id: 2,
  name: 'Black Friday',
  message1: 'Oi {nome}',
  message2: null,
  message3: null,
  message4: null,
  message5: null,
  confirmation_message1: null,
  confirmation_message2: null,
  confirmation_message3: null,
  confirmation_message4: null,
  confirmation_message5: null,
  status: 'EM_ANDAMENTO',
  confirmation: false,
  scheduled_at: null,
  completed_at: null,
  whatsapp_id: 3,
  contact_list_id: 8,
  tag_list_id: null,
  file_list_id: null,
  media_path: null,
  media_name: null,
  media_type: null,
  template: null,
  started_at: new Date('2026-11-27T09:00:00Z'),
  dispatch_token: '3f0c1d7e-0000-4000-8000-000000000000',
  created_at: new Date('2026-11-20T09:00:00Z'),
  updated_at: new Date('2026-11-27T09:00:00Z'),
};

describe('campaign raw rows', () => {
  it('reads a SELECT * row of campaigns with its live dispatch token', () => {
    expect(mapRow(row, readCampaignRow)).toMatchObject({
      id: 5,
      status: 'EM_ANDAMENTO',
      message1: 'Oi {nome}',
      message2: null,
      whatsapp_id: 3,
      tag_list_id: null,
      dispatch_token: '3f0c1d7e-0000-4000-8000-000000000000',
      started_at: row.started_at,
    });
    expect(mapRow({ ...row, dispatch_token: null }, readCampaignRow).dispatch_token).toBeNull();
  });

  it('refuses a campaign whose status is not one of the five', () => {
    expect(() => mapRow({ ...row, status: 'PAUSADA' }, readCampaignRow)).toThrow('SQL column "status" is not one of');
  });
});
