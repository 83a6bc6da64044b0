import { z } from 'zod';
import { defineEvent } from '../../common/envelope.js';
import { IdSchema } from '../../common/ids.js';
import { defineTopic } from '../topic.js';
import { OutboundContentSchema } from '../whatsapp/snapshots.js';
import { CampaignSnapshotSchema, FileListSnapshotSchema } from './snapshots.js';

const deleted = z.object({ id: IdSchema });

export const CampaignCreated = defineEvent('campaigns.campaign.created', CampaignSnapshotSchema, {
  schemaVersion: 4,
  description: 'A campaign was created (the record `GET /campaigns/{id}` answers).',
});
export const CampaignUpdated = defineEvent('campaigns.campaign.updated', CampaignSnapshotSchema, {
  schemaVersion: 4,
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

/** ADR 0006: a campaign message WhatsApp accepted, for the contact's history in tickets. */
export const ShippingDelivered = defineEvent(
  'campaigns.shipping.delivered',
  z.object({
    campaignId: IdSchema,
    campaignName: z.string(),
    /** The shipping row (one per campaign and contact) and the part sent: `confirm`, `main` or `file-<optionId>`. */
    shippingId: z.string().regex(/^\d+$/),
    part: z.string().min(1),
    connectionId: IdSchema,
    chatJid: z.string().min(1),
    /** The contact's number as the campaign's audience had it (digits). */
    number: z.string().regex(/^\d{8,20}$/),
    /** What was sent, as in the `whatsapp.message.send` command (media by URL). */
    content: OutboundContentSchema,
    /** WhatsApp's id of the message (from `whatsapp.message.sent`). */
    messageId: z.string().min(1),
    sentAt: z.iso.datetime({ offset: true }),
  }),
  { description: 'A campaign message was accepted by WhatsApp (ack 1); tickets appends it to the contact history.' },
);

export const CampaignsShippingTopic = defineTopic({
  name: 'campaigns.shipping.v1',
  owner: 'campaigns',
  aggregate: 'shipping',
  partitions: 6,
  key: 'connectionId:chatJid',
  description: 'Campaign messages WhatsApp accepted (ADR 0006: the contact history in tickets).',
  events: [ShippingDelivered],
});

export const campaignsTopics = [CampaignsCampaignTopic, CampaignsFileListTopic, CampaignsShippingTopic] as const;
