import { InvoicesPage } from '../features/billing/components/invoices-page';

export default function FinanceiroRoute() {
  return <InvoicesPage />;
}
