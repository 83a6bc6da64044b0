import { QueuesPage } from '../features/queues/components/queues-page';

export default function QueuesRoute() {
  return <QueuesPage />;
}
