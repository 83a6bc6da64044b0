import { ConnectionsPage } from '../features/connections/components/connections-page';

export default function ConnectionsRoute() {
  return <ConnectionsPage />;
}
