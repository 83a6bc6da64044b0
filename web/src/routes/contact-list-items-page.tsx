import { CampaignsOnly } from './campaigns-only';
import { ContactListItemsPage } from '../features/contact-lists/components/contact-list-items-page';

export default function ContactListItemsPageRoute() {
  return (
    <CampaignsOnly>
      <ContactListItemsPage />
    </CampaignsOnly>
  );
}
