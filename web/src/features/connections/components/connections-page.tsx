import { Badge, Button, HStack, Stack, Table, Text } from '@chakra-ui/react';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { channel } from '@cs/proto/realtime';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { AddIcon, CheckIcon } from '../../../components/icons';
import { Page, ScrollArea } from '../../../components/page';
import { RowActions } from '../../../components/row-actions';
import { notify } from '../../../components/toaster';
import { useLiveEvent } from '../../../components/use-live-event';
import { toastError } from '../../../lib/errors';
import { formatDateTime } from '../../../lib/format';
import {
  connectionsApi,
  useDeleteConnectionMutation,
  useDisconnectSessionMutation,
  useGetConnectionsQuery,
  useNewQrMutation,
  useStartSessionMutation,
  type ConnectionRecord,
} from '../api/connections-api';
import { isLongConnecting, newerSession, sessionActions } from '../utils/session-actions';
import { ConnectionDialog } from './connection-dialog';
import { QrDialog } from './qr-dialog';

const STATUS_PALETTE: Record<ConnectionRecord['status'], string> = {
  CONNECTED: 'green',
  DISCONNECTED: 'red',
  OPENING: 'blue',
  PAIRING: 'orange',
  TIMEOUT: 'orange',
  qrcode: 'purple',
};

/** Re-renders every `ms` so time-based hints (a long connecting state) appear without a server event. */
function useNow(ms: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), ms);
    return () => window.clearInterval(timer);
  }, [ms]);
  return now;
}

/**
 * `/connections` (admin): the table with each session's actions as the spec's state table says, the QR
 * dialog, the connection dialog. The app's socket invalidates the list on `company-{id}-whatsapp(Session)`;
 * session updates are also patched in at once so the QR on screen is always the current one.
 */
export function ConnectionsPage() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const companyId = useAppSelector((s) => s.session.user?.companyId ?? 0);
  const { data: listed, isFetching } = useGetConnectionsQuery();
  // the newest session state per connection that the socket delivered (see `newerSession`)
  const [live, setLive] = useState<Record<number, Partial<ConnectionRecord>>>({});
  const connections = useMemo(() => (listed ?? []).map((c) => newerSession(c, live[c.id])), [listed, live]);
  const [start] = useStartSessionMutation();
  const [newQr] = useNewQrMutation();
  const [disconnect] = useDisconnectSessionMutation();
  const [remove] = useDeleteConnectionMutation();
  const [editing, setEditing] = useState<ConnectionRecord | 'new' | null>(null);
  const [deleting, setDeleting] = useState<ConnectionRecord | null>(null);
  const [qrFor, setQrFor] = useState<number | null>(null);
  const now = useNow(10_000);

  useLiveEvent(channel.whatsappSession(companyId), (event) => {
    if (event.action !== 'update') return;
    const { pairingCode, ...session } = event.session;
    const update = { ...session, ...(pairingCode === undefined ? {} : { pairingCode }) };
    setLive((current) => ({ ...current, [session.id]: newerSession({ ...current[session.id] }, update) }));
    dispatch(
      connectionsApi.util.updateQueryData('getConnections', undefined, (draft) => {
        const i = draft.findIndex((c) => c.id === session.id);
        const listed = draft[i];
        // the socket lags behind the list (outbox, Kafka, gateway): an event older than the listed state is not
        // patched over it, which would put a past session (no QR) on screen and close the QR dialog
        if (listed && newerSession(listed, update) !== listed) draft[i] = { ...listed, ...update };
      }),
    );
  });

  const run = async (action: () => Promise<unknown>) => {
    try {
      await action();
    } catch (error) {
      toastError(error);
    }
  };
  const closeQr = useCallback(() => setQrFor(null), []);

  const confirmDelete = async (connection: ConnectionRecord) => {
    try {
      await remove(connection.id).unwrap();
      notify('success', t('connections.deleted'));
    } catch (error) {
      toastError(error);
    }
  };

  const sessionButtons = (c: ConnectionRecord) =>
    sessionActions(c.status).map((action) => {
      switch (action) {
        case 'showQr':
          return (
            <Button key={action} size="xs" colorPalette="teal" onClick={() => setQrFor(c.id)}>
              {t('connections.showQr')}
            </Button>
          );
        case 'tryAgain':
          return (
            <Button
              key={action}
              size="xs"
              variant="outline"
              onClick={() => void run(() => start({ id: c.id }).unwrap())}
            >
              {t('connections.tryAgain')}
            </Button>
          );
        case 'newQr':
          return (
            <Button
              key={action}
              size="xs"
              colorPalette="teal"
              onClick={() =>
                void run(async () => {
                  await newQr(c.id).unwrap();
                  setQrFor(c.id);
                })
              }
            >
              {t('connections.newQr')}
            </Button>
          );
        case 'disconnect':
          return (
            <Button
              key={action}
              size="xs"
              variant="outline"
              colorPalette="red"
              onClick={() => void run(() => disconnect(c.id).unwrap())}
            >
              {t('connections.disconnect')}
            </Button>
          );
        case 'connecting':
          return (
            <Button key={action} size="xs" variant="outline" disabled loading loadingText={t('connections.connecting')}>
              {t('connections.connecting')}
            </Button>
          );
      }
    });

  return (
    <Page
      title={t('connections.title')}
      actions={
        <Button size="sm" colorPalette="teal" onClick={() => setEditing('new')}>
          <AddIcon /> {t('connections.add')}
        </Button>
      }
      testId="connections-page"
    >
      <ScrollArea loading={isFetching && connections.length === 0} empty={connections.length === 0}>
        <Table.Root size="sm" stickyHeader>
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>{t('connections.name')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('connections.status')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('connections.session')}</Table.ColumnHeader>
              <Table.ColumnHeader hideBelow="md">{t('connections.lastUpdate')}</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="center">{t('connections.default')}</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">{t('management.actions')}</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {connections.map((c) => {
              const hint = c.status in HINT_KEYS ? t(`connections.hints.${c.status}`) : undefined;
              const long = isLongConnecting(c, now);
              return (
                <Table.Row key={c.id} data-testid="connection-row" data-status={c.status}>
                  <Table.Cell fontWeight="semibold">{c.name}</Table.Cell>
                  <Table.Cell>
                    <Stack gap="1">
                      <Badge colorPalette={STATUS_PALETTE[c.status]} title={hint} data-testid="connection-status">
                        {t(`connections.statuses.${c.status}`)}
                      </Badge>
                      {long && (
                        <Text fontSize="xs" color="fg.warning" data-testid="long-connecting">
                          {t('connections.longConnecting')}
                        </Text>
                      )}
                    </Stack>
                  </Table.Cell>
                  <Table.Cell>
                    <HStack gap="1" wrap="wrap">
                      {sessionButtons(c)}
                      {long && (
                        <Button
                          size="xs"
                          colorPalette="orange"
                          onClick={() => void run(() => start({ id: c.id }).unwrap())}
                        >
                          {t('connections.restart')}
                        </Button>
                      )}
                    </HStack>
                  </Table.Cell>
                  <Table.Cell hideBelow="md">{c.updatedAt ? formatDateTime(c.updatedAt) : ''}</Table.Cell>
                  <Table.Cell textAlign="center">
                    {c.isDefault && <CheckIcon color="fg.success" aria-label={t('connections.default')} />}
                  </Table.Cell>
                  <Table.Cell>
                    <RowActions label={c.name} onEdit={() => setEditing(c)} onDelete={() => setDeleting(c)} />
                  </Table.Cell>
                </Table.Row>
              );
            })}
          </Table.Body>
        </Table.Root>
      </ScrollArea>
      {qrFor !== null && <QrDialog connection={connections.find((c) => c.id === qrFor)} onClose={closeQr} />}
      {editing && <ConnectionDialog connection={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
      <ConfirmDialog
        open={deleting !== null}
        title={t('connections.deleteConfirm')}
        body={deleting?.name ?? ''}
        onConfirm={() => deleting && void confirmDelete(deleting)}
        onClose={() => setDeleting(null)}
      />
    </Page>
  );
}

const HINT_KEYS = { DISCONNECTED: true, qrcode: true, TIMEOUT: true, PAIRING: true } as const;
