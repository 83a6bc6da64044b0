import { useAppSelector } from '../app/hooks';

/** The company's zone when the session does not say (identity's default for every company). */
export const DEFAULT_COMPANY_TIME_ZONE = 'America/Sao_Paulo';

/**
 * The company's time zone. The server reads the days and schedules it is sent (campaign schedules, the
 * dashboard's dates, "today") in it, so the client shows and sends the company's wall clock, not the browser's.
 */
export function useCompanyTimeZone(): string {
  return useAppSelector((s) => s.session.user?.company?.timezone) ?? DEFAULT_COMPANY_TIME_ZONE;
}
