import { Button, Field, HStack, Input, Stack, Table, Textarea } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { FormDialog } from '../../../components/form-dialog';
import { AddIcon } from '../../../components/icons';
import { ScrollArea } from '../../../components/page';
import { RowActions } from '../../../components/row-actions';
import { notify } from '../../../components/toaster';
import { useManagedList } from '../../../components/use-managed-list';
import { validateForm } from '../../../lib/form';
import { truncate } from '../../../lib/format';
import {
  type HelpRow,
  useDeleteHelpMutation,
  useGetHelpsPageInfiniteQuery,
  useSaveHelpMutation,
} from '../api/settings-api';
import { helpFormSchema } from '../utils/settings-form';

export function HelpDialog({ help, onClose }: { help: HelpRow | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [save, saving] = useSaveHelpMutation();
  const [values, setValues] = useState({
    title: help?.title ?? '',
    video: help?.video ?? '',
    description: help?.description ?? '',
  });
  const [errors, setErrors] = useState<Record<string, string>>({});

  const submit = async () => {
    const result = validateForm(helpFormSchema(t), values);
    if (!result.ok) return setErrors(result.errors);
    setErrors({});
    try {
      await save({ ...result.data, id: help?.id }).unwrap();
      notify('success', t('admin.success'));
      onClose();
    } catch {
      notify('error', t('admin.helps.saveFailed'));
    }
  };

  return (
    <FormDialog
      title={help ? t('admin.helps.edit') : t('admin.helps.add')}
      onClose={onClose}
      onSubmit={() => void submit()}
      saving={saving.isLoading}
      testId="help-dialog"
    >
      <Stack gap="4">
        <Field.Root required invalid={Boolean(errors.title)}>
          <Field.Label>{t('admin.helps.title')}</Field.Label>
          <Input
            size="sm"
            name="title"
            value={values.title}
            onChange={(e) => setValues((v) => ({ ...v, title: e.target.value }))}
          />
          {errors.title && <Field.ErrorText>{errors.title}</Field.ErrorText>}
        </Field.Root>
        <Field.Root invalid={Boolean(errors.video)}>
          <Field.Label>{t('admin.helps.video')}</Field.Label>
          <Input
            size="sm"
            name="video"
            value={values.video}
            onChange={(e) => setValues((v) => ({ ...v, video: e.target.value }))}
          />
          {errors.video && <Field.ErrorText>{errors.video}</Field.ErrorText>}
        </Field.Root>
        <Field.Root invalid={Boolean(errors.description)}>
          <Field.Label>{t('admin.helps.description')}</Field.Label>
          <Textarea
            name="description"
            rows={4}
            value={values.description}
            onChange={(e) => setValues((v) => ({ ...v, description: e.target.value }))}
          />
          {errors.description && <Field.ErrorText>{errors.description}</Field.ErrorText>}
        </Field.Root>
      </Stack>
    </FormDialog>
  );
}

/** Help (super users): the help videos' title, video code and description. */
export function HelpsTab() {
  const { t } = useTranslation();
  const [remove] = useDeleteHelpMutation();
  const {
    records: helps,
    scroll,
    editing,
    setEditing,
    setDeleting,
    confirmDelete,
  } = useManagedList({
    query: useGetHelpsPageInfiniteQuery,
    pick: (page) => page.records,
    loadFailed: t('admin.loadFailed'),
    remove: { run: (help) => remove(help.id).unwrap(), done: t('admin.success'), failed: t('admin.failed') },
  });

  return (
    <Stack gap="3" h="full" minH="0" data-testid="helps-tab">
      <HStack justify="flex-end">
        <Button size="sm" colorPalette="teal" onClick={() => setEditing('new')}>
          <AddIcon /> {t('admin.helps.add')}
        </Button>
      </HStack>
      <ScrollArea {...scroll}>
        <Table.Root size="sm" stickyHeader>
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>{t('admin.helps.title')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('admin.helps.video')}</Table.ColumnHeader>
              <Table.ColumnHeader hideBelow="md">{t('admin.helps.description')}</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">{t('management.actions')}</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {helps.map((help) => (
              <Table.Row key={help.id} data-testid="help-row">
                <Table.Cell>{help.title}</Table.Cell>
                <Table.Cell>{help.video}</Table.Cell>
                <Table.Cell hideBelow="md">{truncate(help.description, 60)}</Table.Cell>
                <Table.Cell>
                  <RowActions label={help.title} onEdit={() => setEditing(help)} onDelete={() => setDeleting(help)} />
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </ScrollArea>
      {editing && <HelpDialog help={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
      <ConfirmDialog {...confirmDelete} title={t('admin.deleteTitle')} body={t('admin.deleteBody')} />
    </Stack>
  );
}
