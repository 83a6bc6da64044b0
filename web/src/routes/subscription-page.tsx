import { SubscriptionPage } from '../features/billing/components/subscription-page';

export default function SubscriptionRoute() {
  return <SubscriptionPage />;
}
