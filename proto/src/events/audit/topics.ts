import { z } from 'zod';
import { defineEvent } from '../../common/envelope.js';
import { IdSchema } from '../../common/ids.js';
import { defineTopic } from '../topic.js';

/**
 * Every action the audit log knows, `<target>.<past-verb>`. Producers name one of these (`AuditAction`); the event
 * itself takes any well-formed action, so a consumer older than a new action still stores it.
 */
export const AUDIT_ACTIONS = [
  'setting.updated',
  'platform-setting.updated',
  'user.created',
  'user.updated',
  'user.deleted',
  'user.two-factor-reset',
  'user.recovery-codes-regenerated',
  'company.created',
  'company.updated',
  'company.deleted',
  'company.schedules-updated',
  'company.due-date-extended',
  'plan.created',
  'plan.updated',
  'plan.deleted',
  'help.created',
  'help.updated',
  'help.deleted',
  'announcement.created',
  'announcement.updated',
  'announcement.deleted',
  'queue.created',
  'queue.updated',
  'queue.deleted',
  'queue-option.created',
  'queue-option.updated',
  'queue-option.deleted',
  'queue-integration.created',
  'queue-integration.updated',
  'queue-integration.deleted',
  'prompt.created',
  'prompt.updated',
  'prompt.deleted',
  'ai-assist.updated',
  'ai-assist.removed',
  'connection.created',
  'connection.updated',
  'connection.deleted',
  'connection.token-rotated',
  'contact.exported',
  'contact.erased',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const AUDIT_ACTION_PATTERN = /^[a-z][a-z0-9-]*\.[a-z][a-z0-9-]*$/;
/** What the log shows instead of a secret's value (passwords, tokens, keys, certificates). */
export const AUDIT_SECRET_MASK = '********';

/** One changed field: its value before and after (absent on a creation / a deletion; secrets masked). */
export const AuditChangeSchema = z.object({
  field: z.string().min(1).max(100),
  before: z.unknown().optional(),
  after: z.unknown().optional(),
});
export type AuditChange = z.infer<typeof AuditChangeSchema>;

export const AuditEntrySchema = z.object({
  action: z.string().regex(AUDIT_ACTION_PATTERN).max(80),
  /** Who made the change, as the gateway vouched for them (their own company may differ from the entry's). */
  actor: z.object({
    userId: IdSchema,
    companyId: IdSchema,
    profile: z.enum(['admin', 'user']),
    super: z.boolean(),
  }),
  /** The client address the gateway established (`x-client-ip`), null when none reached the service. */
  ip: z.string().max(64).nullable(),
  target: z.object({
    type: z.string().min(1).max(40),
    id: z.string().min(1).max(100),
    label: z.string().max(200).optional(),
  }),
  changes: z.array(AuditChangeSchema).max(200),
});
export type AuditEntry = z.infer<typeof AuditEntrySchema>;

export const AuditEntryRecorded = defineEvent('audit.entry.recorded', AuditEntrySchema, {
  description:
    "An admin or super user changed something (envelope companyId: the company the change belongs to; occurredAt: when). Written by the changing service's use-case in the change's own transaction (@cs/platform/audit); identity stores it.",
});

export const AuditEntryTopic = defineTopic({
  name: 'audit.entry.v1',
  owner: 'audit',
  aggregate: 'entry',
  key: 'companyId',
  description:
    'The audit log: every change an admin or super user makes, from every service, append-only (identity keeps it).',
  events: [AuditEntryRecorded],
});

export const auditTopics = [AuditEntryTopic] as const;
