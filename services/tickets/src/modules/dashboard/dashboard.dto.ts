/** Both days of a report (`DashboardReportQuerySchema` of `@cs/proto/http`), checked. */
export interface DashboardDays {
  readonly initialDate: string;
  readonly finalDate: string;
}
