import {
  OutboxIdAfterXid1765000000000,
  OutboxJsonPayload1764800000000,
  OutboxQuietNotify1764500000000,
  PlatformTables1700000000000,
} from '@cs/platform/database';
import { baileysMigrations } from '../../providers/baileys/baileys.migrations.js';
import { cloudApiMigrations } from '../../providers/cloud-api/index.js';
import { CreateWhatsapp1733000000000 } from './1733000000000-create-whatsapp.js';
import { SessionWakeups1764050000000 } from './1764050000000-session-wakeups.js';
import { SimulatorSentEdits1764300000000 } from './1764300000000-simulator-sent-edits.js';
import { SessionOwnershipWakeups1765200000000 } from './1765200000000-session-ownership-wakeups.js';
import { ConnectionTokenDigests1765490000000 } from './1765490000000-connection-token-digests.js';
import { MessageTemplates1766100000000 } from './1766100000000-message-templates.js';
import { ConnectionSnapshotsAnnounced1766730000000 } from './1766730000000-connection-snapshots-announced.js';

/** Every migration of the connector, in order. Never edit a merged migration; add a new one. */
export const WhatsappMigrations = [
  PlatformTables1700000000000,
  CreateWhatsapp1733000000000,
  ...baileysMigrations,
  ...cloudApiMigrations,
  SessionWakeups1764050000000,
  SimulatorSentEdits1764300000000,
  OutboxQuietNotify1764500000000,
  OutboxJsonPayload1764800000000,
  OutboxIdAfterXid1765000000000,
  SessionOwnershipWakeups1765200000000,
  ConnectionTokenDigests1765490000000,
  MessageTemplates1766100000000,
  ConnectionSnapshotsAnnounced1766730000000,
];
