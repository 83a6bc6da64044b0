import { Alert, Button, Table } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { channel } from '@cs/proto/realtime';
import { AutomationStatus } from '../../../components/automation-status';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { AddIcon } from '../../../components/icons';
import { Page, ScrollArea } from '../../../components/page';
import { RowActions } from '../../../components/row-actions';
import { notify } from '../../../components/toaster';
import { useManagedList } from '../../../components/use-managed-list';
import { promptsApi, useDeletePromptMutation, useGetPromptsPageInfiniteQuery } from '../api/prompts-api';
import { AssistSettingsCard } from './assist-settings-card';
import { PromptDialog } from './prompt-dialog';

/**
 * `/prompts` (plan useOpenAi): name, queue, max tokens and status (a key to enter again, the last failure); the
 * credit warning; live from the `prompt` channel. Above them, the company's endpoint for the agents' AI help.
 */
export function PromptsPage() {
  const { t } = useTranslation();
  const [remove] = useDeletePromptMutation();
  const {
    search,
    records: prompts,
    scroll,
    editing,
    setEditing,
    deleting,
    setDeleting,
    confirmDelete,
  } = useManagedList({
    query: useGetPromptsPageInfiniteQuery,
    pick: (page) => page.prompts,
    live: { event: channel.prompt(), invalidate: () => promptsApi.util.invalidateTags(['PromptsPage', 'Prompts']) },
    remove: {
      run: (record) => remove(record.id).unwrap(),
      done: (answer) => notify('info', answer?.message || t('prompts.deleted')),
    },
  });

  return (
    <Page
      title={t('prompts.title')}
      search={search}
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
      <AssistSettingsCard />
      <ScrollArea {...scroll}>
        <Table.Root size="sm" stickyHeader>
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>{t('prompts.name')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('prompts.queue')}</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="center">{t('prompts.maxTokens')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('automationStatus.column')}</Table.ColumnHeader>
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
                  <AutomationStatus lastError={record.lastError} keyUnreadable={record.keyUnreadable} />
                </Table.Cell>
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
      <ConfirmDialog {...confirmDelete} title={t('common.deleteConfirm')} body={deleting?.name ?? ''} />
    </Page>
  );
}
