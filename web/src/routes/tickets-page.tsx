import { TicketsWorkspace } from '../features/inbox/components/tickets-workspace';

export default function TicketsPage() {
  return <TicketsWorkspace />;
}
