import { CampaignsOnly } from './campaigns-only';
import { ContactListsPage } from '../features/contact-lists/components/contact-lists-page';

export default function ContactListsPageRoute() {
  return (
    <CampaignsOnly>
      <ContactListsPage />
    </CampaignsOnly>
  );
}
