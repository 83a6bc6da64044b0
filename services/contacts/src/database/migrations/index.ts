import {
  OutboxIdAfterXid1765000000000,
  OutboxJsonPayload1764800000000,
  OutboxQuietNotify1764500000000,
  PlatformTables1700000000000,
} from '@cs/platform/database';
import { CreateContacts1732100000000 } from './1732100000000-create-contacts.js';
import { ErasureRequests1766500000000 } from './1766500000000-erasure-requests.js';

/** Every migration of contacts, in order. Never edit a merged migration; add a new one. */
export const ContactsMigrations = [
  PlatformTables1700000000000,
  CreateContacts1732100000000,
  OutboxQuietNotify1764500000000,
  OutboxJsonPayload1764800000000,
  OutboxIdAfterXid1765000000000,
  ErasureRequests1766500000000,
];
