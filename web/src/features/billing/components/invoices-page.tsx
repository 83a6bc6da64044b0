import { channel } from '@cs/proto/realtime';
import { Alert, Badge, Button, Table, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { baseApi } from '../../../api/base-api';
import { isAdmin } from '../../../api/session';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { Page, ScrollArea } from '../../../components/page';
import { useLiveEvent } from '../../../components/use-live-event';
import { useManagedList } from '../../../components/use-managed-list';
import { formatMoney } from '../../../lib/money';
import { type Invoice, useGetInvoicesPageInfiniteQuery } from '../api/billing-api';
import { formatDueDate, invoiceStatus, isExpired } from '../utils/billing';
import { CheckoutDialog } from './checkout-dialog';

const STATUS_PALETTE = { paid: 'green', overdue: 'red', open: 'blue' } as const;

/** Shown where an expired company's users land (the gateway lets them reach only billing and sign-in). */
export function ExpiredBanner() {
  const { t } = useTranslation();
  const dueDate = useAppSelector((s) => s.session.user?.company?.dueDate);
  if (!isExpired(dueDate)) return null;
  return (
    <Alert.Root status="error" data-testid="expired-banner">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{t('billing.expired.title')}</Alert.Title>
        <Alert.Description>{t('billing.expired.body', { date: formatDueDate(dueDate) })}</Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}

/** `/financeiro` (spec §2, §4): the company's invoices, searchable, infinite; Pay opens the checkout. */
export function InvoicesPage() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const user = useAppSelector((s) => s.session.user);
  const admin = isAdmin(user) || Boolean(user?.super);
  const {
    search,
    records: invoices,
    scroll,
  } = useManagedList({
    query: useGetInvoicesPageInfiniteQuery,
    pick: (page) => page.invoices,
    skip: !admin,
  });
  const [paying, setPaying] = useState<Invoice | null>(null);

  useLiveEvent(user ? channel.payment(user.companyId) : null, (payload) => {
    if (payload.action === 'CONCLUIDA') dispatch(baseApi.util.invalidateTags(['Invoices']));
  });

  return (
    <Page title={t('billing.invoices.title')} search={search} testId="invoices-page">
      <ExpiredBanner />
      {!admin ? (
        <Text color="fg.muted">{t('billing.invoices.adminOnly')}</Text>
      ) : (
        <ScrollArea {...scroll}>
          <Table.Root size="sm" stickyHeader>
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>{t('billing.invoices.id')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('billing.invoices.detail')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('billing.invoices.value')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('billing.invoices.dueDate')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('billing.invoices.status')}</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">{t('billing.invoices.action')}</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {invoices.map((invoice) => {
                const status = invoiceStatus(invoice);
                return (
                  <Table.Row
                    key={invoice.id}
                    data-testid="invoice-row"
                    data-status={status}
                    bg={status === 'overdue' ? { base: 'red.50', _dark: 'red.950' } : undefined}
                  >
                    <Table.Cell>{invoice.id}</Table.Cell>
                    <Table.Cell>{invoice.detail}</Table.Cell>
                    <Table.Cell>{formatMoney(invoice.value)}</Table.Cell>
                    <Table.Cell>{formatDueDate(invoice.dueDate)}</Table.Cell>
                    <Table.Cell>
                      <Badge colorPalette={STATUS_PALETTE[status]}>{t(`billing.invoices.${status}`)}</Badge>
                    </Table.Cell>
                    <Table.Cell textAlign="end">
                      {status !== 'paid' && (
                        <Button
                          size="xs"
                          colorPalette="teal"
                          onClick={() => setPaying(invoice)}
                          data-testid="invoice-pay"
                        >
                          {t('billing.invoices.pay')}
                        </Button>
                      )}
                    </Table.Cell>
                  </Table.Row>
                );
              })}
            </Table.Body>
          </Table.Root>
        </ScrollArea>
      )}
      {paying && <CheckoutDialog invoice={paying} onClose={() => setPaying(null)} />}
    </Page>
  );
}
