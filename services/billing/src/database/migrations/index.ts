import {
  OutboxIdAfterXid1765000000000,
  OutboxJsonPayload1764800000000,
  OutboxQuietNotify1764500000000,
  PlatformTables1700000000000,
} from '@cs/platform/database';
import { CreateBilling1732600000000 } from './1732600000000-create-billing.js';

/** Every migration of billing, in order. Never edit a merged migration; add a new one. */
export const BillingMigrations = [
  PlatformTables1700000000000,
  CreateBilling1732600000000,
  OutboxQuietNotify1764500000000,
  OutboxJsonPayload1764800000000,
  OutboxIdAfterXid1765000000000,
];
