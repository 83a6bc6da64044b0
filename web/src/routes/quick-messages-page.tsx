import { QuickMessagesPage } from '../features/quick-messages/components/quick-messages-page';

export default function QuickMessagesRoute() {
  return <QuickMessagesPage />;
}
