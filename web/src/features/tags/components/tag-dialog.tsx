import { Field, Input, Stack, Switch } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppSelector } from '../../../app/hooks';
import { ColorPicker } from '../../../components/color-picker';
import { FormDialog } from '../../../components/form-dialog';
import { notify } from '../../../components/toaster';
import { toastError } from '../../../lib/errors';
import { serverFieldErrors, validateForm } from '../../../lib/form';
import { nextPaletteColor } from '../../../theme/palette';
import { useCreateTagMutation, useUpdateTagMutation, type TagRecord } from '../api/tags-api';
import { canSetKanban, tagFormSchema } from '../utils/tag-form';

export function TagDialog({
  tag,
  usedColors = [],
  onClose,
}: {
  tag: TagRecord | null;
  /** The colours of the company's tags: a new tag starts with one of the others. */
  usedColors?: readonly string[];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const profile = useAppSelector((s) => s.session.user?.profile);
  const [create, creating] = useCreateTagMutation();
  const [update, updating] = useUpdateTagMutation();
  const [values, setValues] = useState({
    name: tag?.name ?? '',
    color: tag?.color ?? nextPaletteColor(usedColors),
    kanban: tag?.kanban === 1 ? 1 : 0,
  });
  const [errors, setErrors] = useState<Record<string, string>>({});

  const submit = async () => {
    const result = validateForm(tagFormSchema(t), values);
    if (!result.ok) return setErrors(result.errors);
    setErrors({});
    try {
      if (tag) await update({ id: tag.id, ...result.data }).unwrap();
      else await create(result.data).unwrap();
      notify('success', t('tags.saved'));
      onClose();
    } catch (error) {
      setErrors(serverFieldErrors(error));
      toastError(error);
    }
  };

  return (
    <FormDialog
      title={tag ? t('tags.dialog.editTitle') : t('tags.dialog.addTitle')}
      onClose={onClose}
      onSubmit={() => void submit()}
      saving={creating.isLoading || updating.isLoading}
      testId="tag-dialog"
    >
      <Stack gap="4">
        <Field.Root required invalid={Boolean(errors.name)}>
          <Field.Label>{t('tags.name')}</Field.Label>
          <Input name="name" value={values.name} onChange={(e) => setValues((v) => ({ ...v, name: e.target.value }))} />
          {errors.name && <Field.ErrorText>{errors.name}</Field.ErrorText>}
        </Field.Root>
        <ColorPicker
          label={t('tags.dialog.color')}
          value={values.color}
          onChange={(color) => setValues((v) => ({ ...v, color }))}
          invalid={Boolean(errors.color)}
          error={errors.color}
        />
        {canSetKanban(profile) && (
          <Switch.Root
            checked={values.kanban === 1}
            onCheckedChange={(e) => setValues((v) => ({ ...v, kanban: e.checked ? 1 : 0 }))}
            data-testid="tag-kanban"
          >
            <Switch.HiddenInput />
            <Switch.Control />
            <Switch.Label>{t('tags.dialog.kanban')}</Switch.Label>
          </Switch.Root>
        )}
      </Stack>
    </FormDialog>
  );
}
