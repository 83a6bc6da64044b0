import { Badge, Button, HStack, IconButton, Table } from '@chakra-ui/react';
import { ShieldOff } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { AddIcon } from '../../../components/icons';
import { Page, ScrollArea } from '../../../components/page';
import { RowActions } from '../../../components/row-actions';
import { useManagedList } from '../../../components/use-managed-list';
import { notify } from '../../../components/toaster';
import { toastError } from '../../../lib/errors';
import {
  type UserRecord,
  useDeleteUserMutation,
  useGetUsersPageInfiniteQuery,
  useResetUserTwoFactorMutation,
} from '../api/users-api';
import { UserDialog } from './user-dialog';

/** `/users` (admin): kept live by the app's socket (`company-{id}-user` invalidates `Users`). */
export function UsersPage() {
  const { t } = useTranslation();
  const [remove] = useDeleteUserMutation();
  const [resetTwoFactor] = useResetUserTwoFactorMutation();
  const [resetting, setResetting] = useState<UserRecord | null>(null);
  const {
    search,
    records: users,
    scroll,
    editing,
    setEditing,
    deleting,
    setDeleting,
    confirmDelete,
  } = useManagedList({
    query: useGetUsersPageInfiniteQuery,
    pick: (page) => page.users,
    remove: { run: (user) => remove(user.id).unwrap(), done: t('users.deleted') },
  });

  return (
    <Page
      title={t('users.title')}
      search={search}
      actions={
        <Button size="sm" colorPalette="teal" onClick={() => setEditing('new')}>
          <AddIcon /> {t('users.add')}
        </Button>
      }
      testId="users-page"
    >
      <ScrollArea {...scroll}>
        <Table.Root size="sm" stickyHeader>
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>{t('users.name')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('users.email')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('users.profile')}</Table.ColumnHeader>
              <Table.ColumnHeader hideBelow="md">{t('users.queues')}</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">{t('management.actions')}</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {users.map((user) => (
              <Table.Row key={user.id} data-testid="user-row">
                <Table.Cell fontWeight="semibold">{user.name}</Table.Cell>
                <Table.Cell>{user.email}</Table.Cell>
                <Table.Cell>
                  {user.profile === 'admin' ? t('users.profiles.admin') : t('users.profiles.user')}
                </Table.Cell>
                <Table.Cell hideBelow="md">
                  <HStack gap="1" wrap="wrap">
                    {user.queues.map((queue) => (
                      <Badge key={queue.id} bg={queue.color} color="white">
                        {queue.name}
                      </Badge>
                    ))}
                  </HStack>
                </Table.Cell>
                <Table.Cell>
                  <RowActions label={user.name} onEdit={() => setEditing(user)} onDelete={() => setDeleting(user)}>
                    <IconButton
                      size="sm"
                      variant="ghost"
                      aria-label={`${t('twoFactor.reset')} ${user.name}`}
                      title={t('twoFactor.reset')}
                      onClick={() => setResetting(user)}
                    >
                      <ShieldOff />
                    </IconButton>
                  </RowActions>
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </ScrollArea>
      {editing && <UserDialog user={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
      <ConfirmDialog {...confirmDelete} title={t('common.deleteConfirm')} body={deleting?.name ?? ''} />
      <ConfirmDialog
        open={resetting !== null}
        title={t('twoFactor.resetConfirm')}
        body={t('twoFactor.resetBody', { name: resetting?.name ?? '' })}
        onClose={() => setResetting(null)}
        onConfirm={() => {
          if (!resetting) return;
          resetTwoFactor(resetting.id)
            .unwrap()
            .then(() => notify('success', t('twoFactor.resetDone')))
            .catch(toastError);
        }}
      />
    </Page>
  );
}
