import { Badge, Button, Dialog, HStack, Portal, Table, Text, Wrap } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ErasureRequest } from '@cs/proto/http';
import { channel } from '@cs/proto/realtime';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { useLiveEvent } from '../../../components/use-live-event';
import { formatDateTime } from '../../../lib/format';
import { privacyApi, useGetErasureRequestsQuery } from '../../../api/endpoints/privacy';

/** While a request waits for a service's confirmation the list is also polled, so a missed socket event never freezes it. */
export const ERASURE_POLL_MS = 15_000;

/**
 * The company's erasure requests, newest first, with each holding service's confirmation: live from
 * `company-{id}-erasureRequest` (the request as the list has it, sent to the company's admins as each service
 * confirms).
 */
export function ErasureRequestsDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const companyId = useAppSelector((s) => s.session.user?.companyId ?? 0);
  const [settled, setSettled] = useState(false);
  const { data } = useGetErasureRequestsQuery(undefined, { pollingInterval: settled ? 0 : ERASURE_POLL_MS });
  useLiveEvent(channel.erasureRequest(companyId), (event) => {
    dispatch(
      privacyApi.util.updateQueryData('getErasureRequests', undefined, (page) => {
        const at = page.records.findIndex((request) => request.id === event.request.id);
        // a poll answered after the event may hold fewer confirmations: a service's confirmation never goes back
        if (at >= 0) {
          if (confirmations(event.request) >= confirmations(page.records[at]!)) page.records[at] = event.request;
        } else {
          page.records.unshift(event.request);
          page.count += 1;
        }
      }),
    );
  });
  const records = data?.records ?? [];
  const pending = records.some((request) => request.status === 'pending');
  useEffect(() => setSettled(data !== undefined && !pending), [data, pending]);
  return (
    <Dialog.Root open onOpenChange={(e) => !e.open && onClose()} size="xl">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="erasure-requests">
            <Dialog.Header>
              <Dialog.Title>{t('privacy.requests')}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              {records.length === 0 ? (
                <Text color="fg.muted">{t('privacy.empty')}</Text>
              ) : (
                <Table.Root size="sm">
                  <Table.Header>
                    <Table.Row>
                      <Table.ColumnHeader>{t('privacy.contact')}</Table.ColumnHeader>
                      <Table.ColumnHeader>{t('privacy.requestedAt')}</Table.ColumnHeader>
                      <Table.ColumnHeader>{t('privacy.completedAt')}</Table.ColumnHeader>
                      <Table.ColumnHeader />
                    </Table.Row>
                  </Table.Header>
                  <Table.Body>
                    {records.map((request) => (
                      <ErasureRequestRow key={request.id} request={request} />
                    ))}
                  </Table.Body>
                </Table.Root>
              )}
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={onClose}>
                {t('common.close')}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

const confirmations = (request: ErasureRequest): number =>
  request.services.filter((service) => service.status === 'confirmed').length;

function ErasureRequestRow({ request }: { request: ErasureRequest }) {
  const { t } = useTranslation();
  return (
    <Table.Row data-testid="erasure-request" data-status={request.status}>
      <Table.Cell>#{request.contactId}</Table.Cell>
      <Table.Cell>{formatDateTime(request.createdAt)}</Table.Cell>
      <Table.Cell>{request.completedAt ? formatDateTime(request.completedAt) : '—'}</Table.Cell>
      <Table.Cell>
        <HStack gap="2" align="start">
          <Badge colorPalette={request.status === 'done' ? 'green' : 'orange'}>
            {t(`privacy.status.${request.status}`)}
          </Badge>
          <Wrap gap="1">
            {request.services.map((service) => (
              <Badge
                key={service.service}
                variant="outline"
                colorPalette={service.status === 'confirmed' ? 'green' : 'gray'}
                data-testid={`erasure-service-${service.service}`}
                data-status={service.status}
              >
                {t(`privacy.services.${service.service}`)}: {t(`privacy.status.${service.status}`)}
              </Badge>
            ))}
          </Wrap>
        </HStack>
      </Table.Cell>
    </Table.Row>
  );
}
