import {
  OutboxIdAfterXid1765000000000,
  OutboxJsonPayload1764800000000,
  OutboxQuietNotify1764500000000,
  PlatformTables1700000000000,
} from '@cs/platform/database';
import { CreateCampaigns1732600000000 } from './1732600000000-create-campaigns.js';
import { Tags1765200000000 } from './1765200000000-tags.js';
import { CampaignTemplates1766500000000 } from './1766500000000-campaign-templates.js';

/** Every migration of campaigns, in order. Never edit a merged migration; add a new one. */
export const CampaignsMigrations = [
  PlatformTables1700000000000,
  CreateCampaigns1732600000000,
  OutboxQuietNotify1764500000000,
  OutboxJsonPayload1764800000000,
  OutboxIdAfterXid1765000000000,
  Tags1765200000000,
  CampaignTemplates1766500000000,
];
