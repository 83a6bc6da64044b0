import { Box, Button, HStack, Table, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { AddIcon } from '../../../components/icons';
import { Page, ScrollArea } from '../../../components/page';
import { RowActions } from '../../../components/row-actions';
import { notify } from '../../../components/toaster';
import { errorMessage } from '../../../lib/errors';
import { useDeleteQueueMutation, useGetQueuesQuery, type QueueRecord } from '../api/queues-api';
import { queueDeleteError } from '../utils/queue-form';
import { QueueDialog } from './queue-dialog';

/** `/queues` (admin): kept live by the app's socket (`company-{id}-queue` invalidates `Queues`). */
export function QueuesPage() {
  const { t } = useTranslation();
  const { data: queues = [], isFetching, isLoading } = useGetQueuesQuery();
  const [remove] = useDeleteQueueMutation();
  const [editing, setEditing] = useState<QueueRecord | 'new' | null>(null);
  const [deleting, setDeleting] = useState<QueueRecord | null>(null);

  const confirmDelete = async (queue: QueueRecord) => {
    try {
      await remove(queue.id).unwrap();
      notify('success', t('queues.deleted'));
    } catch (error) {
      notify('error', queueDeleteError(error, t, errorMessage));
    }
  };

  return (
    <Page
      title={t('queues.title')}
      actions={
        // a new queue's colour is picked among those the loaded queues leave free
        <Button size="sm" colorPalette="teal" disabled={isLoading} onClick={() => setEditing('new')}>
          <AddIcon /> {t('queues.add')}
        </Button>
      }
      testId="queues-page"
    >
      <ScrollArea loading={isFetching && queues.length === 0} empty={queues.length === 0}>
        <Table.Root size="sm" stickyHeader>
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>{t('queues.name')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('queues.color')}</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="center">{t('queues.order')}</Table.ColumnHeader>
              <Table.ColumnHeader hideBelow="md">{t('queues.greeting')}</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">{t('management.actions')}</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {queues.map((queue) => (
              <Table.Row key={queue.id} data-testid="queue-row">
                <Table.Cell fontWeight="semibold">{queue.name}</Table.Cell>
                <Table.Cell>
                  <HStack>
                    <Box w="14" h="5" borderRadius="sm" bg={queue.color} aria-hidden />
                    <Text fontSize="xs" color="fg.muted">
                      {queue.color}
                    </Text>
                  </HStack>
                </Table.Cell>
                <Table.Cell textAlign="center">{queue.orderQueue}</Table.Cell>
                <Table.Cell hideBelow="md" maxW="sm">
                  <Text truncate>{queue.greetingMessage}</Text>
                </Table.Cell>
                <Table.Cell>
                  <RowActions label={queue.name} onEdit={() => setEditing(queue)} onDelete={() => setDeleting(queue)} />
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </ScrollArea>
      {editing && (
        <QueueDialog
          queue={editing === 'new' ? null : editing}
          usedColors={queues.map((q) => q.color)}
          onClose={() => setEditing(null)}
        />
      )}
      <ConfirmDialog
        open={deleting !== null}
        title={t('common.deleteConfirm')}
        body={deleting?.name ?? ''}
        onConfirm={() => deleting && void confirmDelete(deleting)}
        onClose={() => setDeleting(null)}
      />
    </Page>
  );
}
