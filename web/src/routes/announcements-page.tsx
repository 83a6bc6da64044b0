import { AnnouncementsPage } from '../features/announcements/components/announcements-page';

export default function AnnouncementsRoute() {
  return <AnnouncementsPage />;
}
