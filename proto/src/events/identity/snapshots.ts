import { z } from 'zod';
import { IdSchema } from '../../common/ids.js';

export const PLAN_FLAGS = [
  'useCampaigns',
  'useSchedules',
  'useInternalChat',
  'useExternalApi',
  'useKanban',
  'useOpenAi',
  'useIntegrations',
] as const;
export const PlanFlagSchema = z.enum(PLAN_FLAGS);
export type PlanFlag = z.infer<typeof PlanFlagSchema>;

export const PlanSnapshotSchema = z.object({
  id: IdSchema,
  name: z.string(),
  users: z.number().int().min(0),
  connections: z.number().int().min(0),
  queues: z.number().int().min(0),
  value: z.number().min(0),
  useCampaigns: z.boolean(),
  useSchedules: z.boolean(),
  useInternalChat: z.boolean(),
  useExternalApi: z.boolean(),
  useKanban: z.boolean(),
  useOpenAi: z.boolean(),
  useIntegrations: z.boolean(),
});
export type PlanSnapshot = z.infer<typeof PlanSnapshotSchema>;

export const RECURRENCES = ['MENSAL', 'BIMESTRAL', 'TRIMESTRAL', 'SEMESTRAL', 'ANUAL'] as const;
export const RecurrenceSchema = z.enum(RECURRENCES);

/** A weekly opening-hours entry, shared by companies and queues (HH:MM, empty when closed). */
export const ScheduleEntrySchema = z.object({
  weekday: z.string(),
  weekdayEn: z.enum(['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday']),
  startTime: z.string().regex(/^(\d{2}:\d{2})?$/),
  endTime: z.string().regex(/^(\d{2}:\d{2})?$/),
});
export type ScheduleEntry = z.infer<typeof ScheduleEntrySchema>;

export const CompanySnapshotSchema = z.object({
  id: IdSchema,
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  status: z.boolean(),
  dueDate: z.iso.date().nullable(),
  recurrence: RecurrenceSchema.nullable(),
  timezone: z.string(),
  schedules: z.array(ScheduleEntrySchema),
  plan: PlanSnapshotSchema.nullable(),
  /** The company's settings (`userRating`, `scheduleType`, ...) as key → value. */
  settings: z.record(z.string(), z.string()),
});
export type CompanySnapshot = z.infer<typeof CompanySnapshotSchema>;

export const PROFILES = ['admin', 'user'] as const;
export const ProfileSchema = z.enum(PROFILES);

export const UserSnapshotSchema = z.object({
  id: IdSchema,
  companyId: IdSchema,
  name: z.string(),
  email: z.string(),
  profile: ProfileSchema,
  super: z.boolean(),
  online: z.boolean(),
  allTicket: z.enum(['enable', 'disable']),
  whatsappId: IdSchema.nullable(),
  queueIds: z.array(IdSchema),
  /**
   * `presence` when only the online flag changed (a socket came or went): projections update it, but it is not a
   * user update for clients, which get `company-{id}-user` only from create/update/delete (reference §2.17).
   */
  change: z.enum(['presence']).optional(),
});
export type UserSnapshot = z.infer<typeof UserSnapshotSchema>;

export const AnnouncementSnapshotSchema = z.object({
  id: IdSchema,
  companyId: IdSchema,
  title: z.string(),
  text: z.string(),
  priority: z.number().int().min(1).max(3),
  status: z.boolean(),
  mediaPath: z.string().nullable(),
  mediaName: z.string().nullable(),
  createdAt: z.iso.datetime({ offset: true }),
  updatedAt: z.iso.datetime({ offset: true }),
});
