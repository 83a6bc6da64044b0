import { CampaignsOnly } from './campaigns-only';
import { CampaignReportPage } from '../features/campaigns/components/campaign-report-page';

export default function CampaignReportPageRoute() {
  return (
    <CampaignsOnly>
      <CampaignReportPage />
    </CampaignsOnly>
  );
}
