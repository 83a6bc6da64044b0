import { HelpsPage } from '../features/helps/components/helps-page';

export default function HelpsRoute() {
  return <HelpsPage />;
}
