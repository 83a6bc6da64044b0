import type { ReactNode } from 'react';
import { AdminOnly, PlanFlagOnly } from '../app/route-guards';
import { campaignsShown } from '../features/campaigns/utils/cshow';
import NotFoundPage from './not-found-page';

/** Campaign pages: only while the local `cshow` flag exists (else "not found"), for admins, with `useCampaigns`. */
export function CampaignsOnly({ children }: { children: ReactNode }) {
  if (!campaignsShown()) return <NotFoundPage />;
  return (
    <AdminOnly>
      <PlanFlagOnly flag="useCampaigns">{children}</PlanFlagOnly>
    </AdminOnly>
  );
}
