import { CampaignsOnly } from './campaigns-only';
import { CampaignsConfigPage } from '../features/campaigns/components/campaigns-config-page';

export default function CampaignsConfigPageRoute() {
  return (
    <CampaignsOnly>
      <CampaignsConfigPage />
    </CampaignsOnly>
  );
}
