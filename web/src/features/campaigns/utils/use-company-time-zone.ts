import { useAppSelector } from '../../../app/hooks';
import { DEFAULT_COMPANY_TIME_ZONE } from './campaign-form';

/**
 * The company's time zone, in which campaign schedules are entered and shown: the server reads `scheduledAt` in
 * it, so the dialog, the list and the report show the company's wall clock, not the browser's.
 */
export function useCompanyTimeZone(): string {
  return useAppSelector((s) => s.session.user?.company?.timezone) ?? DEFAULT_COMPANY_TIME_ZONE;
}
