import { ChatsPage } from '../features/chats/components/chats-page';

export default function ChatsRoute() {
  return <ChatsPage />;
}
