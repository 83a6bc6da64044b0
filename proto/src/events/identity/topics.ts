import { z } from 'zod';
import { defineEvent } from '../../common/envelope.js';
import { IdSchema } from '../../common/ids.js';
import { defineTopic } from '../topic.js';
import {
  AnnouncementSnapshotSchema,
  CompanySnapshotSchema,
  PlanSnapshotSchema,
  UserSnapshotSchema,
} from './snapshots.js';

const deleted = z.object({ id: IdSchema });

export const CompanyCreated = defineEvent('identity.company.created', CompanySnapshotSchema, {
  description: 'A company signed up or was created by a super user (with its plan and default settings).',
});
export const CompanyUpdated = defineEvent('identity.company.updated', CompanySnapshotSchema, {
  description: 'A company changed: data, plan (or its plan was edited), due date, schedules or settings.',
});
export const CompanyRenewed = defineEvent('identity.company.renewed', CompanySnapshotSchema, {
  description:
    "A paid invoice extended the company's due date by its recurrence (the gateway tells the company's browsers).",
});
export const CompanyDeleted = defineEvent('identity.company.deleted', deleted, {
  description: 'A company was deleted; consumers drop its data.',
});

export const IdentityCompanyTopic = defineTopic({
  name: 'identity.company.v1',
  realtime: true,
  owner: 'identity',
  aggregate: 'company',
  key: 'companyId',
  description: 'Company lifecycle, with the plan flags and settings other services keep as projections.',
  events: [CompanyCreated, CompanyUpdated, CompanyDeleted, CompanyRenewed],
});

export const PlanCreated = defineEvent('identity.plan.created', PlanSnapshotSchema, {
  description: 'A plan was created.',
});
export const PlanUpdated = defineEvent('identity.plan.updated', PlanSnapshotSchema, { description: 'A plan changed.' });
export const PlanDeleted = defineEvent('identity.plan.deleted', deleted, { description: 'A plan was deleted.' });

export const IdentityPlanTopic = defineTopic({
  name: 'identity.plan.v1',
  owner: 'identity',
  aggregate: 'plan',
  key: 'planId',
  description: 'Plans of the platform (companyId is the platform company).',
  events: [PlanCreated, PlanUpdated, PlanDeleted],
});

export const UserCreated = defineEvent('identity.user.created', UserSnapshotSchema, {
  description: 'A user was created.',
});
export const UserUpdated = defineEvent('identity.user.updated', UserSnapshotSchema, {
  description: 'A user changed (name, profile, queues, default connection, presence).',
});
export const UserDeleted = defineEvent('identity.user.deleted', deleted, { description: 'A user was deleted.' });
export const UserLoggedIn = defineEvent(
  'identity.user.logged-in',
  z.object({ id: IdSchema, email: z.string(), sessionId: z.string() }),
  { description: 'A new login: every other session of the user ends (the spec\'s "another login" notice).' },
);
export const UserSessionsRevoked = defineEvent(
  'identity.user.sessions-revoked',
  z.object({
    id: IdSchema,
    /** `token-reuse`: an already rotated refresh token was presented again (theft suspected; schemaVersion 2). */
    reason: z.enum(['password-changed', 'deleted', 'logout', 'token-reuse']),
    sessionId: z.string().optional(),
    /** With `password-changed`: the session that changed the password, which stays open (schemaVersion 2). */
    exceptSessionId: z.string().optional(),
  }),
  {
    schemaVersion: 2,
    description: 'Sessions of a user ended (all of them, or the one named): their sockets are disconnected.',
  },
);

export const IdentityUserTopic = defineTopic({
  name: 'identity.user.v1',
  realtime: true,
  owner: 'identity',
  aggregate: 'user',
  key: 'userId',
  description: 'Users of a company (names, profiles, queue ids) and their sessions.',
  events: [UserCreated, UserUpdated, UserDeleted, UserLoggedIn, UserSessionsRevoked],
});

export const SettingUpdated = defineEvent(
  'identity.setting.updated',
  z.object({ key: z.string().min(1), value: z.string() }),
  { description: 'One company setting changed (key → value).' },
);

export const IdentitySettingsTopic = defineTopic({
  name: 'identity.settings.v1',
  realtime: true,
  owner: 'identity',
  aggregate: 'settings',
  key: 'companyId',
  description: "A company's settings (userRating, scheduleType, CheckMsgIsGroup, call, chatBotType, ...).",
  events: [SettingUpdated],
});

export const AnnouncementCreated = defineEvent('identity.announcement.created', AnnouncementSnapshotSchema, {
  description: 'An announcement was published.',
});
export const AnnouncementUpdated = defineEvent('identity.announcement.updated', AnnouncementSnapshotSchema, {
  description: 'An announcement changed.',
});
export const AnnouncementDeleted = defineEvent('identity.announcement.deleted', deleted, {
  description: 'An announcement was deleted.',
});

export const IdentityAnnouncementTopic = defineTopic({
  name: 'identity.announcement.v1',
  realtime: true,
  owner: 'identity',
  aggregate: 'announcement',
  key: 'announcementId',
  description: 'Platform announcements, shown to every company.',
  events: [AnnouncementCreated, AnnouncementUpdated, AnnouncementDeleted],
});

export const identityTopics = [
  IdentityCompanyTopic,
  IdentityPlanTopic,
  IdentityUserTopic,
  IdentitySettingsTopic,
  IdentityAnnouncementTopic,
] as const;
