import { Badge, Button, Table } from '@chakra-ui/react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { NO_PERMISSION_REDIRECT_MS } from '../../../app/route-guards';
import { useAppSelector } from '../../../app/hooks';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { AddIcon } from '../../../components/icons';
import { Page, ScrollArea } from '../../../components/page';
import { RowActions } from '../../../components/row-actions';
import { notify } from '../../../components/toaster';
import { useManagedList } from '../../../components/use-managed-list';
import { useDeleteAnnouncementMutation, useGetAnnouncementsPageInfiniteQuery } from '../api/announcements-api';
import { canAnnounce } from '../utils/announcement-form';
import { AnnouncementDialog } from './announcement-dialog';

const PRIORITY_COLOR: Record<number, string> = { 1: 'red', 2: 'orange', 3: 'gray' };

function AnnouncementsList() {
  const { t } = useTranslation();
  const [remove] = useDeleteAnnouncementMutation();
  const { search, records, scroll, editing, setEditing, setDeleting, confirmDelete } = useManagedList({
    query: useGetAnnouncementsPageInfiniteQuery,
    pick: (page) => page.records,
    remove: { run: (record) => remove(record.id).unwrap(), done: t('admin.announcements.deleted') },
  });

  return (
    <Page
      title={t('admin.announcements.title')}
      search={search}
      actions={
        <Button size="sm" colorPalette="teal" onClick={() => setEditing('new')}>
          <AddIcon /> {t('admin.announcements.add')}
        </Button>
      }
      testId="announcements-page"
    >
      <ScrollArea {...scroll}>
        <Table.Root size="sm" stickyHeader>
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>{t('admin.announcements.titleField')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('admin.announcements.priority')}</Table.ColumnHeader>
              <Table.ColumnHeader hideBelow="md">{t('admin.announcements.image')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('admin.announcements.status')}</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">{t('management.actions')}</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {records.map((record) => (
              <Table.Row key={record.id} data-testid="announcement-row">
                <Table.Cell>{record.title}</Table.Cell>
                <Table.Cell>
                  <Badge colorPalette={PRIORITY_COLOR[record.priority] ?? 'gray'}>
                    {t(`admin.announcements.priorities.${record.priority}`)}
                  </Badge>
                </Table.Cell>
                <Table.Cell hideBelow="md">{record.mediaName ?? t('admin.announcements.noImage')}</Table.Cell>
                <Table.Cell>
                  {record.status ? t('admin.announcements.active') : t('admin.announcements.inactive')}
                </Table.Cell>
                <Table.Cell>
                  <RowActions
                    label={record.title}
                    onEdit={() => setEditing(record)}
                    onDelete={() => setDeleting(record)}
                  />
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </ScrollArea>
      {editing && <AnnouncementDialog record={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
      <ConfirmDialog {...confirmDelete} title={t('admin.deleteTitle')} body={t('admin.deleteBody')} />
    </Page>
  );
}

/**
 * `/announcements`: super users of the operator company only (spec §6); anyone else gets the "no permission"
 * toast and goes to `/` after a second. Kept live by the `company-announcement` socket (`Announcements` tag).
 */
export function AnnouncementsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const user = useAppSelector((s) => s.session.user);
  const allowed = canAnnounce(user);
  useEffect(() => {
    if (allowed) return;
    notify('warning', t('management.noPermission'));
    const timer = window.setTimeout(() => void navigate('/', { replace: true }), NO_PERMISSION_REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, [allowed, navigate, t]);
  if (!allowed) return null;
  return <AnnouncementsList />;
}
