import { z } from 'zod';
import { PG_INT_MAX } from '../common/ids.js';
import { PageNumberSchema } from '../common/pagination.js';

/**
 * Reports (issue 55, admins): the figures of a period of whole days in the company's time zone, grouped by
 * agent, queue, tag or connection and by day, week or month; the tickets behind a figure; their CSV exports.
 */

/** The longest period one report covers (days). */
export const REPORT_MAX_DAYS = 1100;

const day = (label: string) =>
  z
    .string({ error: `${label} obrigatória (AAAA-MM-DD)` })
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'Data inválida (AAAA-MM-DD)')
    .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)), 'Data inválida (AAAA-MM-DD)');

export const REPORT_GROUPS = ['none', 'agent', 'queue', 'tag', 'connection'] as const;
export const REPORT_PERIODS = ['total', 'day', 'week', 'month'] as const;
/** The figures whose tickets can be listed. */
export const REPORT_FIGURES = ['opened', 'reopened', 'closed', 'rated', 'frtBreached', 'resBreached'] as const;
export type ReportGroup = (typeof REPORT_GROUPS)[number];
export type ReportPeriod = (typeof REPORT_PERIODS)[number];
export type ReportFigure = (typeof REPORT_FIGURES)[number];

const fromBeforeTo = (value: { from: string; to: string }) => value.from <= value.to;
const withinMax = (value: { from: string; to: string }) =>
  (Date.parse(`${value.to}T00:00:00Z`) - Date.parse(`${value.from}T00:00:00Z`)) / 86_400_000 < REPORT_MAX_DAYS;
const periodChecks = <T extends z.ZodType<{ from: string; to: string }>>(schema: T) =>
  schema
    .refine(fromBeforeTo, { path: ['to'], message: 'A data final precede a inicial' })
    .refine(withinMax, { path: ['to'], message: `Período maior que ${REPORT_MAX_DAYS} dias` });
const groupBy = z.enum(REPORT_GROUPS, 'Use none, agent, queue, tag ou connection').default('none');
/** `true`: durations count business hours only (the company's or the queue's, as the chatbot's). */
const businessHours = z
  .enum(['true', 'false'], 'Use true ou false')
  .optional()
  .transform((value) => value === 'true');

/**
 * `GET /reports` and `/reports/export`: `from`..`to` (both included), `groupBy` (none), `period` (total),
 * `businessHours` (false).
 */
export const ReportQuerySchema = periodChecks(
  z.object({
    from: day('Data inicial'),
    to: day('Data final'),
    groupBy,
    businessHours,
    period: z.enum(REPORT_PERIODS, 'Use total, day, week ou month').default('total'),
  }),
);
export type ReportQuery = z.infer<typeof ReportQuerySchema>;

/**
 * `GET /reports/tickets` and `/reports/tickets/export`: the attendance cycles behind `figure` in the period, of the
 * group `key` (an agent, queue, tag or connection id; 0: none) when `groupBy` is not `none`.
 */
export const ReportTicketsQuerySchema = periodChecks(
  z.object({
    from: day('Data inicial'),
    to: day('Data final'),
    groupBy,
    businessHours,
    key: z.coerce.number('Informe o grupo').int().min(0).max(PG_INT_MAX).optional(),
    figure: z.enum(REPORT_FIGURES, `Use ${REPORT_FIGURES.join(', ')}`),
    pageNumber: PageNumberSchema.optional().transform((value) => value ?? 1),
  }),
).refine((value) => value.groupBy === 'none' || value.key !== undefined, {
  path: ['key'],
  message: 'Informe o grupo',
});
export type ReportTicketsQuery = z.infer<typeof ReportTicketsQuerySchema>;

/** A duration figure in seconds: how many, their average, median and 90th percentile (from the histogram). */
export const ReportDurationSchema = z.object({
  count: z.number().int(),
  avg: z.number().nullable(),
  median: z.number().nullable(),
  p90: z.number().nullable(),
  /** Counts per bucket of `ReportSchema.buckets` (the last: from the last bound on). */
  histogram: z.array(z.number().int()),
});
export type ReportDuration = z.infer<typeof ReportDurationSchema>;

export const ReportRowSchema = z.object({
  /** First day of the row's day, week (Monday) or month; null for the whole period. */
  period: z.string().nullable(),
  /** The agent, queue, tag or connection id (0: none); null when not grouped. */
  key: z.number().int().nullable(),
  name: z.string(),
  opened: z.number().int(),
  reopened: z.number().int(),
  closed: z.number().int(),
  firstResponse: ReportDurationSchema,
  resolution: ReportDurationSchema,
  wait: ReportDurationSchema,
  /** Messages; null by tag (messages are not kept per tag). */
  received: z.number().int().nullable(),
  sent: z.number().int().nullable(),
  ratings: z.object({
    asked: z.number().int(),
    rate1: z.number().int(),
    rate2: z.number().int(),
    rate3: z.number().int(),
    /** Answers / requests (null when none asked). */
    responseRate: z.number().nullable(),
  }),
  /** Agents' online time in seconds (by agent or not grouped); null otherwise. */
  onlineSeconds: z.number().int().nullable(),
  breaches: z.object({ firstResponse: z.number().int(), resolution: z.number().int() }),
});
export type ReportRow = z.infer<typeof ReportRowSchema>;

export const ReportSchema = z.object({
  from: z.string(),
  to: z.string(),
  groupBy: z.enum(REPORT_GROUPS),
  period: z.enum(REPORT_PERIODS),
  /** Whether the durations count business hours only. */
  businessHours: z.boolean(),
  timezone: z.string(),
  /** Upper bounds (seconds) of the histograms' buckets. */
  buckets: z.array(z.number().int()),
  rows: z.array(ReportRowSchema),
});
export type Report = z.infer<typeof ReportSchema>;

export const ReportTicketSchema = z.object({
  ticketId: z.number().int(),
  cycleId: z.number().int(),
  contactName: z.string(),
  contactNumber: z.string(),
  agent: z.string().nullable(),
  queue: z.string().nullable(),
  connection: z.string().nullable(),
  /** Wall-clock times in the company's time zone (`YYYY-MM-DD HH:mm:ss`). */
  openedAt: z.string(),
  closedAt: z.string().nullable(),
  /** In business hours only when the query asked so. */
  firstResponseSeconds: z.number().int().nullable(),
  resolutionSeconds: z.number().int().nullable(),
  waitSeconds: z.number().int().nullable(),
  rate: z.number().int().nullable(),
  frtBreached: z.boolean(),
  resBreached: z.boolean(),
});
export type ReportTicket = z.infer<typeof ReportTicketSchema>;

export const ReportTicketPageSchema = z.object({
  tickets: z.array(ReportTicketSchema),
  hasMore: z.boolean(),
});
export type ReportTicketPage = z.infer<typeof ReportTicketPageSchema>;

// --- service levels ---------------------------------------------------------------------------------------------

/** A queue's service-level targets (null: none), counted in business hours only when `businessHours`. */
export const ServiceLevelSchema = z.object({
  queueId: z.number().int(),
  name: z.string(),
  firstResponseMinutes: z.number().int().nullable(),
  resolutionHours: z.number().int().nullable(),
  businessHours: z.boolean(),
});
export type ServiceLevel = z.infer<typeof ServiceLevelSchema>;

/**
 * `PUT /service-levels/{queueId}`: first response within N minutes (≤ 7 days), resolution within M hours
 * (≤ 1 year), optionally counting business hours only (`businessHours`, false when left out).
 */
export const ServiceLevelBodySchema = z.object({
  firstResponseMinutes: z
    .number('Informe minutos inteiros')
    .int('Informe minutos inteiros')
    .min(1, 'Mínimo 1 minuto')
    .max(10_080, 'Máximo 10080 minutos')
    .nullable(),
  resolutionHours: z
    .number('Informe horas inteiras')
    .int('Informe horas inteiras')
    .min(1, 'Mínimo 1 hora')
    .max(8_760, 'Máximo 8760 horas')
    .nullable(),
  businessHours: z.boolean('Use true ou false').optional().default(false),
});
export type ServiceLevelBody = z.infer<typeof ServiceLevelBodySchema>;
