import {
  OutboxIdAfterXid1765000000000,
  OutboxJsonPayload1764800000000,
  OutboxQuietNotify1764500000000,
  PlatformTables1700000000000,
} from '@cs/platform/database';
import { CreateCompanies1731900000000 } from './1731900000000-create-companies.js';
import { CreateUsersSessionsSettings1732000000000 } from './1732000000000-create-users-sessions-settings.js';
import { CreateConnections1732000000001 } from './1732000000001-create-connections.js';
import { TwoFactorAndAuditLog1766000000000 } from './1766000000000-two-factor-and-audit-log.js';
import { SignupLimitsAndPublicPlans1766100000000 } from './1766100000000-signup-limits-and-public-plans.js';

/** Every migration of identity, in order. Never edit a merged migration; add a new one. */
export const IdentityMigrations = [
  PlatformTables1700000000000,
  CreateCompanies1731900000000,
  CreateUsersSessionsSettings1732000000000,
  CreateConnections1732000000001,
  OutboxQuietNotify1764500000000,
  OutboxJsonPayload1764800000000,
  OutboxIdAfterXid1765000000000,
  TwoFactorAndAuditLog1766000000000,
  SignupLimitsAndPublicPlans1766100000000,
];
