import { Field, Input, Stack, Switch, Textarea } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { QuickMessageBodySchema } from '@cs/proto/http';
import { textField } from '../../../lib/form-rules';
import { AttachmentField } from '../../../components/attachment-field';
import { FormDialog } from '../../../components/form-dialog';
import { notify } from '../../../components/toaster';
import { toastError } from '../../../lib/errors';
import { serverFieldErrors, validateForm } from '../../../lib/form';
import {
  useCreateQuickMessageMutation,
  useDeleteQuickMessageMediaMutation,
  useUpdateQuickMessageMutation,
  useUploadQuickMessageMediaMutation,
  type QuickMessageRecord,
} from '../api/quick-messages-api';

export function QuickMessageDialog({ record, onClose }: { record: QuickMessageRecord | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [create, creating] = useCreateQuickMessageMutation();
  const [update, updating] = useUpdateQuickMessageMutation();
  const [upload, uploading] = useUploadQuickMessageMediaMutation();
  const [removeMedia] = useDeleteQuickMessageMediaMutation();
  const [values, setValues] = useState({
    shortcode: record?.shortcode ?? '',
    message: record?.message ?? '',
    geral: record?.geral ?? true,
  });
  const [file, setFile] = useState<File | null>(null);
  const [existingMedia, setExistingMedia] = useState(record?.mediaName ?? null);
  const [errors, setErrors] = useState<Record<string, string>>({});

  const submit = async () => {
    const schema = z.object({
      shortcode: textField(QuickMessageBodySchema.shape.shortcode, {
        required: t('common.required'),
        tooLong: t('management.tooLong'),
      }),
      message: z.string(),
      geral: z.boolean(),
    });
    const result = validateForm(schema, values);
    if (!result.ok) return setErrors(result.errors);
    setErrors({});
    try {
      const saved = record
        ? await update({ id: record.id, ...result.data }).unwrap()
        : await create(result.data).unwrap();
      const id = saved?.id ?? record?.id;
      if (id && record?.mediaName && !existingMedia && !file) await removeMedia(id).unwrap();
      if (id && file) await upload({ id, file }).unwrap();
      notify('success', t('quickMessages.saved'));
      onClose();
    } catch (error) {
      setErrors(serverFieldErrors(error));
      toastError(error);
    }
  };

  return (
    <FormDialog
      title={record ? t('quickMessages.dialog.editTitle') : t('quickMessages.dialog.addTitle')}
      onClose={onClose}
      onSubmit={() => void submit()}
      saving={creating.isLoading || updating.isLoading || uploading.isLoading}
      testId="quick-message-dialog"
    >
      <Stack gap="4">
        <Field.Root required invalid={Boolean(errors.shortcode)}>
          <Field.Label>{t('quickMessages.shortcode')}</Field.Label>
          <Input
            name="shortcode"
            value={values.shortcode}
            onChange={(e) => setValues((v) => ({ ...v, shortcode: e.target.value }))}
          />
          {errors.shortcode && <Field.ErrorText>{errors.shortcode}</Field.ErrorText>}
        </Field.Root>
        <Field.Root invalid={Boolean(errors.message)}>
          <Field.Label>{t('quickMessages.message')}</Field.Label>
          <Textarea
            name="message"
            rows={6}
            value={values.message}
            onChange={(e) => setValues((v) => ({ ...v, message: e.target.value }))}
          />
          {errors.message && <Field.ErrorText>{errors.message}</Field.ErrorText>}
        </Field.Root>
        <Switch.Root checked={values.geral} onCheckedChange={(e) => setValues((v) => ({ ...v, geral: e.checked }))}>
          <Switch.HiddenInput />
          <Switch.Control />
          <Switch.Label>{t('quickMessages.dialog.geral')}</Switch.Label>
        </Switch.Root>
        <AttachmentField
          label={t('quickMessages.media')}
          file={file}
          existingName={existingMedia}
          onFile={setFile}
          onRemoveExisting={() => setExistingMedia(null)}
        />
      </Stack>
    </FormDialog>
  );
}
