import { Alert, Button, Table } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { channel } from '@cs/proto/realtime';
import { useAppDispatch } from '../../../app/hooks';
import { flattenPages } from '../../../api/paging';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { AddIcon } from '../../../components/icons';
import { Page, ScrollArea } from '../../../components/page';
import { RowActions } from '../../../components/row-actions';
import { notify } from '../../../components/toaster';
import { useDebouncedValue } from '../../../components/use-debounced-value';
import { useLiveEvent } from '../../../components/use-live-event';
import { toastError } from '../../../lib/errors';
import {
  promptsApi,
  useDeletePromptMutation,
  useGetPromptsPageInfiniteQuery,
  type PromptRecord,
} from '../api/prompts-api';
import { PromptDialog } from './prompt-dialog';

/** `/prompts` (plan useOpenAi): name, queue, max tokens; the credit warning; live from the `prompt` channel. */
export function PromptsPage() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const [search, setSearch] = useState('');
  const searchParam = useDebouncedValue(search);
  const { data, isFetching, hasNextPage, fetchNextPage } = useGetPromptsPageInfiniteQuery(searchParam);
  const [remove] = useDeletePromptMutation();
  const [editing, setEditing] = useState<PromptRecord | 'new' | null>(null);
  const [deleting, setDeleting] = useState<PromptRecord | null>(null);
  const prompts = flattenPages(data?.pages, (page) => page.prompts);

  useLiveEvent(channel.prompt(), () => dispatch(promptsApi.util.invalidateTags(['PromptsPage', 'Prompts'])));

  const confirmDelete = async (record: PromptRecord) => {
    try {
      const answer = await remove(record.id).unwrap();
      notify('info', answer?.message || t('prompts.deleted'));
    } catch (error) {
      toastError(error);
    }
  };

  return (
    <Page
      title={t('prompts.title')}
      search={{ value: search, onChange: setSearch }}
      actions={
        <Button size="sm" colorPalette="teal" onClick={() => setEditing('new')}>
          <AddIcon /> {t('prompts.add')}
        </Button>
      }
      testId="prompts-page"
    >
      <Alert.Root status="warning" size="sm" mb="3" data-testid="prompts-warning">
        <Alert.Indicator />
        <Alert.Description>{t('prompts.warning')}</Alert.Description>
      </Alert.Root>
      <ScrollArea
        loading={isFetching}
        hasMore={hasNextPage}
        onLoadMore={() => void fetchNextPage()}
        empty={prompts.length === 0}
      >
        <Table.Root size="sm" stickyHeader>
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>{t('prompts.name')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('prompts.queue')}</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="center">{t('prompts.maxTokens')}</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">{t('management.actions')}</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {prompts.map((record) => (
              <Table.Row key={record.id} data-testid="prompt-row">
                <Table.Cell fontWeight="semibold">{record.name}</Table.Cell>
                <Table.Cell>{record.queue?.name ?? ''}</Table.Cell>
                <Table.Cell textAlign="center">{record.maxTokens}</Table.Cell>
                <Table.Cell>
                  <RowActions
                    label={record.name}
                    onEdit={() => setEditing(record)}
                    onDelete={() => setDeleting(record)}
                  />
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </ScrollArea>
      {editing && <PromptDialog record={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
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
