import { z } from 'zod';

/** Empty or invalid values are sent as null (the spec): they count as absent. */
const absent = (value: unknown): unknown =>
  value === '' || value === 'null' || value === 'undefined' || value === null ? undefined : value;
const day = z.preprocess(
  absent,
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}/)
    .transform((value) => value.slice(0, 10))
    .optional()
    .catch(undefined),
);

/** `GET /dashboard (days, date_from, date_to)`: at least one is needed ('Parametrize o filtro'). */
export const DashboardQuerySchema = z.object({
  days: z.preprocess(absent, z.coerce.number().int().min(1).max(3660).optional().catch(undefined)),
  date_from: day,
  date_to: day,
});
export type DashboardQuery = z.infer<typeof DashboardQuerySchema>;

/** `GET /dashboard/ticketsDay` and `/dashboard/ticketsUsers (initialDate, finalDate)`: whole days, both needed. */
export const DashboardReportQuerySchema = z.object({
  initialDate: day,
  finalDate: day,
});
export type DashboardReportQuery = z.infer<typeof DashboardReportQuerySchema>;
/** Both days of a report, checked. */
export interface DashboardDays {
  readonly initialDate: string;
  readonly finalDate: string;
}
