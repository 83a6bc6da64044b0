import { z } from 'zod';
import { defineEvent } from '../../common/envelope.js';
import { IdSchema } from '../../common/ids.js';
import { defineTopic } from '../topic.js';
import { CampaignSnapshotSchema, FileListSnapshotSchema } from './snapshots.js';

const deleted = z.object({ id: IdSchema });

export const CampaignCreated = defineEvent('campaigns.campaign.created', CampaignSnapshotSchema, {
  description: 'A campaign was created.',
});
export const CampaignUpdated = defineEvent('campaigns.campaign.updated', CampaignSnapshotSchema, {
  description: 'A campaign changed: fields, status, or its delivery/confirmation counts.',
});
export const CampaignDeleted = defineEvent('campaigns.campaign.deleted', deleted, {
  description: 'A campaign was deleted.',
});

export const CampaignsCampaignTopic = defineTopic({
  name: 'campaigns.campaign.v1',
  realtime: true,
  owner: 'campaigns',
  aggregate: 'campaign',
  key: 'campaignId',
  description: 'Campaigns and their live counts (company-{id}-campaign realtime channel).',
  events: [CampaignCreated, CampaignUpdated, CampaignDeleted],
});

export const FileListCreated = defineEvent('campaigns.file-list.created', FileListSnapshotSchema, {
  description: 'A file list was created.',
});
export const FileListUpdated = defineEvent('campaigns.file-list.updated', FileListSnapshotSchema, {
  description: 'A file list changed (name, message, options or their uploaded files).',
});
export const FileListDeleted = defineEvent('campaigns.file-list.deleted', deleted, {
  description: 'A file list was deleted.',
});

export const CampaignsFileListTopic = defineTopic({
  name: 'campaigns.file-list.v1',
  realtime: true,
  owner: 'campaigns',
  aggregate: 'file-list',
  key: 'fileListId',
  description: 'File lists (company-{id}-file realtime channel).',
  events: [FileListCreated, FileListUpdated, FileListDeleted],
});

export const campaignsTopics = [CampaignsCampaignTopic, CampaignsFileListTopic] as const;
