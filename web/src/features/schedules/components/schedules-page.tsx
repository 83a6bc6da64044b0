import { Badge, Button, Table } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { channel } from '@cs/proto/realtime';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { useGetContactQuery } from '../../../api/endpoints/contacts';
import { flattenPages } from '../../../api/paging';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { AddIcon } from '../../../components/icons';
import { Page, ScrollArea } from '../../../components/page';
import { RowActions } from '../../../components/row-actions';
import { notify } from '../../../components/toaster';
import { useDebouncedValue } from '../../../components/use-debounced-value';
import { useLiveEvent } from '../../../components/use-live-event';
import { toastError } from '../../../lib/errors';
import { formatDateTime } from '../../../lib/format';
import {
  schedulesApi,
  useDeleteScheduleMutation,
  useGetSchedulesPageInfiniteQuery,
  type ScheduleRecord,
} from '../api/schedules-api';
import { isSent, listBody, statusTone } from '../utils/schedule-rules';
import { ScheduleDialog } from './schedule-dialog';

const TONE_PALETTE = { warning: 'orange', success: 'green', error: 'red', neutral: 'gray' } as const;

/**
 * `/schedules` (plan useSchedules): list, add/edit dialog (read-only once sent), delete. `?contactId=` opens
 * the add dialog for that contact. Live from `company{id}-schedule`.
 */
export function SchedulesPage() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const companyId = useAppSelector((s) => s.session.user?.companyId ?? 0);
  const [params, setParams] = useSearchParams();
  const contactId = Number(params.get('contactId')) || null;
  const { data: preset, isError: presetMissing } = useGetContactQuery(contactId ?? 0, { skip: contactId === null });
  const [search, setSearch] = useState('');
  const searchParam = useDebouncedValue(search);
  const { data, isFetching, hasNextPage, fetchNextPage } = useGetSchedulesPageInfiniteQuery(searchParam);
  const [remove] = useDeleteScheduleMutation();
  const [editing, setEditing] = useState<ScheduleRecord | 'new' | null>(null);
  const [deleting, setDeleting] = useState<ScheduleRecord | null>(null);
  const schedules = flattenPages(data?.pages, (page) => page.schedules);

  useLiveEvent(channel.schedule(companyId), () => dispatch(schedulesApi.util.invalidateTags(['Schedules'])));

  useEffect(() => {
    if (contactId !== null && (preset || presetMissing)) setEditing('new');
  }, [contactId, preset, presetMissing]);

  const close = () => {
    setEditing(null);
    if (contactId !== null) setParams({}, { replace: true });
  };

  const confirmDelete = async (schedule: ScheduleRecord) => {
    try {
      await remove(schedule.id).unwrap();
      notify('success', t('schedules.deleted'));
    } catch (error) {
      toastError(error);
    }
  };

  return (
    <Page
      title={t('schedules.title')}
      search={{ value: search, onChange: setSearch }}
      actions={
        <Button size="sm" colorPalette="teal" onClick={() => setEditing('new')}>
          <AddIcon /> {t('schedules.add')}
        </Button>
      }
      testId="schedules-page"
    >
      <ScrollArea
        loading={isFetching}
        hasMore={hasNextPage}
        onLoadMore={() => void fetchNextPage()}
        empty={schedules.length === 0}
      >
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
        open={deleting !== null}
        title={t('common.deleteConfirm')}
        body={deleting ? listBody(deleting.body) : ''}
        onConfirm={() => deleting && void confirmDelete(deleting)}
        onClose={() => setDeleting(null)}
      />
    </Page>
  );
}
