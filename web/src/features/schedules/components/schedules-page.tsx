import { Badge, Button, Table } from '@chakra-ui/react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { channel } from '@cs/proto/realtime';
import { useAppSelector } from '../../../app/hooks';
import { useGetContactQuery } from '../../../api/endpoints/contacts';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { AddIcon } from '../../../components/icons';
import { Page, ScrollArea } from '../../../components/page';
import { RowActions } from '../../../components/row-actions';
import { useManagedList } from '../../../components/use-managed-list';
import { formatDateTime } from '../../../lib/format';
import { schedulesApi, useDeleteScheduleMutation, useGetSchedulesPageInfiniteQuery } from '../api/schedules-api';
import { isSent, listBody, statusTone } from '../utils/schedule-rules';
import { ScheduleDialog } from './schedule-dialog';

const TONE_PALETTE = { warning: 'orange', success: 'green', error: 'red', neutral: 'gray' } as const;

/**
 * `/schedules` (plan useSchedules): list, add/edit dialog (read-only once sent), delete. `?contactId=` opens
 * the add dialog for that contact. Live from `company{id}-schedule`.
 */
export function SchedulesPage() {
  const { t } = useTranslation();
  const companyId = useAppSelector((s) => s.session.user?.companyId ?? 0);
  const [params, setParams] = useSearchParams();
  const contactId = Number(params.get('contactId')) || null;
  const { data: preset, isError: presetMissing } = useGetContactQuery(contactId ?? 0, { skip: contactId === null });
  const [remove] = useDeleteScheduleMutation();
  const {
    search,
    records: schedules,
    scroll,
    editing,
    setEditing,
    deleting,
    setDeleting,
    confirmDelete,
  } = useManagedList({
    query: useGetSchedulesPageInfiniteQuery,
    pick: (page) => page.schedules,
    live: { event: channel.schedule(companyId), invalidate: () => schedulesApi.util.invalidateTags(['Schedules']) },
    remove: { run: (schedule) => remove(schedule.id).unwrap(), done: t('schedules.deleted') },
  });

  useEffect(() => {
    if (contactId !== null && (preset || presetMissing)) setEditing('new');
  }, [contactId, preset, presetMissing, setEditing]);

  const close = () => {
    setEditing(null);
    if (contactId !== null) setParams({}, { replace: true });
  };

  return (
    <Page
      title={t('schedules.title')}
      search={search}
      actions={
        <Button size="sm" colorPalette="teal" onClick={() => setEditing('new')}>
          <AddIcon /> {t('schedules.add')}
        </Button>
      }
      testId="schedules-page"
    >
      <ScrollArea {...scroll}>
        <Table.Root size="sm" stickyHeader>
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>{t('schedules.contact')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('schedules.body')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('schedules.sendAt')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('schedules.status')}</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">{t('management.actions')}</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {schedules.map((schedule) => (
              <Table.Row key={schedule.id} data-testid="schedule-row">
                <Table.Cell fontWeight="semibold">{schedule.contact?.name ?? schedule.contactId}</Table.Cell>
                <Table.Cell title={schedule.body}>{listBody(schedule.body)}</Table.Cell>
                <Table.Cell>{formatDateTime(schedule.sendAt)}</Table.Cell>
                <Table.Cell>
                  <Badge
                    colorPalette={TONE_PALETTE[statusTone(schedule.status)]}
                    title={schedule.error ?? undefined}
                    data-testid="schedule-status"
                  >
                    {t(`schedules.statuses.${schedule.status}`, { defaultValue: schedule.status })}
                  </Badge>
                </Table.Cell>
                <Table.Cell>
                  <RowActions
                    label={schedule.contact?.name ?? String(schedule.id)}
                    onEdit={() => setEditing(schedule)}
                    onDelete={isSent(schedule) ? undefined : () => setDeleting(schedule)}
                  />
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </ScrollArea>
      {editing && (
        <ScheduleDialog
          schedule={editing === 'new' ? null : editing}
          initialContact={
            editing === 'new' && preset ? { id: preset.id, name: preset.name, number: preset.number } : null
          }
          onClose={close}
        />
      )}
      <ConfirmDialog
        {...confirmDelete}
        title={t('common.deleteConfirm')}
        body={deleting ? listBody(deleting.body) : ''}
      />
    </Page>
  );
}
