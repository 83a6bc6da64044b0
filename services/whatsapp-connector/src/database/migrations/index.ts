import { PlatformTables1700000000000 } from '@cs/platform/database';
import { baileysMigrations } from '../../providers/baileys/baileys.migrations.js';
import { cloudApiMigrations } from '../../providers/cloud-api/index.js';
import { CreateWhatsapp1733000000000 } from './1733000000000-create-whatsapp.js';

/** Every migration of the connector, in order. Never edit a merged migration; add a new one. */
export const WhatsappMigrations = [
  PlatformTables1700000000000,
  CreateWhatsapp1733000000000,
  ...baileysMigrations,
  ...cloudApiMigrations,
];
