import { Button, Card, Field, Input, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { flattenPages } from '../../../api/paging';
import { isAdmin } from '../../../api/session';
import { useAppSelector } from '../../../app/hooks';
import { Page } from '../../../components/page';
import { type Invoice, useGetInvoicesPageInfiniteQuery } from '../api/billing-api';
import { daysUntil, formatDueDate } from '../utils/billing';
import { CheckoutDialog } from './checkout-dialog';
import { ExpiredBanner } from './invoices-page';

/** `/subscription` (spec §2): the trial's days left, the billing e-mail (read-only), subscribe → the checkout. */
export function SubscriptionPage() {
  const { t } = useTranslation();
  const user = useAppSelector((s) => s.session.user);
  const admin = isAdmin(user) || Boolean(user?.super);
  const { data } = useGetInvoicesPageInfiniteQuery('', { skip: !admin });
  const [paying, setPaying] = useState<Invoice | null>(null);
  const dueDate = user?.company?.dueDate ?? null;
  const days = daysUntil(dueDate);
  // the open invoice due first
  const open = flattenPages(data?.pages, (page) => page.invoices)
    .filter((invoice) => invoice.status === 'open')
    .sort((a, b) => a.dueDate.localeCompare(b.dueDate))[0];

  return (
    <Page title={t('billing.subscription.title')} testId="subscription-page">
      <ExpiredBanner />
      <Card.Root maxW="lg">
        <Card.Body>
          <Stack gap="4">
            {days !== null && (
              <Text fontWeight="semibold" data-testid="trial-days">
                {days >= 0
                  ? t('billing.subscription.trialDaysLeft', { count: days })
                  : t('billing.subscription.trialEnded', { date: formatDueDate(dueDate) })}
              </Text>
            )}
            <Field.Root readOnly>
              <Field.Label>{t('billing.subscription.billingEmail')}</Field.Label>
              <Input value={user?.email ?? ''} readOnly data-testid="billing-email" />
            </Field.Root>
            <Button
              colorPalette="teal"
              disabled={!open}
              onClick={() => open && setPaying(open)}
              data-testid="subscribe"
            >
              {t('billing.subscription.subscribe')}
            </Button>
            {admin && !open && <Text color="fg.muted">{t('billing.subscription.noOpenInvoice')}</Text>}
          </Stack>
        </Card.Body>
      </Card.Root>
      {paying && <CheckoutDialog invoice={paying} onClose={() => setPaying(null)} />}
    </Page>
  );
}
