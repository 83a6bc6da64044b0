import { MessagesApiPage } from '../features/messages-api/components/messages-api-page';

export default function MessagesApiRoute() {
  return <MessagesApiPage />;
}
