import { CampaignsOnly } from './campaigns-only';
import { CampaignsPage } from '../features/campaigns/components/campaigns-page';

export default function CampaignsPageRoute() {
  return (
    <CampaignsOnly>
      <CampaignsPage />
    </CampaignsOnly>
  );
}
