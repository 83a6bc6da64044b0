import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router-dom';
import { useGetCompanyPlanQuery } from '../api/endpoints/company';
import { isAdmin } from '../api/session';
import type { PlanFlags } from '../api/types';
import { PageLoader } from '../components/page-loader';
import { notify } from '../components/toaster';
import { useAppSelector } from './hooks';

/** Pages of the admin profile (spec §2): anyone else goes to their workspace. */
export function AdminOnly({ children }: { children: ReactNode }) {
  const user = useAppSelector((s) => s.session.user);
  if (!isAdmin(user)) return <Navigate to="/tickets" replace />;
  return <>{children}</>;
}

/** After the "no permission" toast the page moves on after this delay. */
export const NO_PERMISSION_REDIRECT_MS = 1000;

/**
 * Pages behind a plan flag (schedules: useSchedules). A flag counts as off only when it is strictly false; then
 * the spec's "no permission" toast shows and the user is sent to `/` after a second.
 */
export function PlanFlagOnly({ flag, children }: { flag: keyof PlanFlags; children: ReactNode }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const user = useAppSelector((s) => s.session.user);
  const { data, isLoading } = useGetCompanyPlanQuery(user?.companyId ?? 0, { skip: !user });
  const flags: PlanFlags | null = data?.plan ?? data ?? user?.company?.plan ?? null;
  const denied = !isLoading && flags?.[flag] === false;
  useEffect(() => {
    if (!denied) return;
    notify('warning', t('management.noPermission'));
    const timer = window.setTimeout(() => void navigate('/', { replace: true }), NO_PERMISSION_REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, [denied, navigate, t]);
  if (isLoading) return <PageLoader />;
  if (denied) return null;
  return <>{children}</>;
}
