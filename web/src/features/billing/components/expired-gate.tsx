import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { useAppSelector } from '../../../app/hooks';
import { isExpired } from '../utils/billing';

/** Where an expired company's users may be: the finance and subscription pages. */
const REACHABLE_WHEN_EXPIRED = ['/financeiro', '/subscription'];

/** An expired company's users land on `/financeiro` (its banner says why); super users are not held. */
export function ExpiredGate({ children }: { children: ReactNode }) {
  const user = useAppSelector((s) => s.session.user);
  const { pathname } = useLocation();
  if (user && !user.super && isExpired(user.company?.dueDate) && !REACHABLE_WHEN_EXPIRED.includes(pathname)) {
    return <Navigate to="/financeiro" replace />;
  }
  return <>{children}</>;
}
