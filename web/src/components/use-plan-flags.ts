import { useAppSelector } from '../app/hooks';
import { useGetCompanyPlanQuery } from '../api/endpoints/company';
import type { PlanFlags } from '../api/types';

/** The company's plan flags (null until known). A flag is off only when it is strictly false. */
export function usePlanFlags(): PlanFlags | null {
  const user = useAppSelector((s) => s.session.user);
  const { data } = useGetCompanyPlanQuery(user?.companyId ?? 0, { skip: !user });
  return data?.plan ?? data ?? user?.company?.plan ?? null;
}

export const flagOn = (flags: PlanFlags | null, flag: keyof PlanFlags): boolean =>
  flags !== null && flags[flag] !== false;
