import { QueueIntegrationsPage } from '../features/queue-integrations/components/queue-integrations-page';

export default function QueueIntegrationsRoute() {
  return <QueueIntegrationsPage />;
}
