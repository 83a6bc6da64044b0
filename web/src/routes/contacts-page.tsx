import { ContactsPage } from '../features/contacts/components/contacts-page';

export default function ContactsRoute() {
  return <ContactsPage />;
}
