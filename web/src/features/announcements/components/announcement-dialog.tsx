import { Field, Input, NativeSelect, Stack, Switch, Textarea } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AttachmentField } from '../../../components/attachment-field';
import { FormDialog } from '../../../components/form-dialog';
import { notify } from '../../../components/toaster';
import { toastError } from '../../../lib/errors';
import { serverFieldErrors, validateForm } from '../../../lib/form';
import {
  type AnnouncementRecord,
  useDeleteAnnouncementImageMutation,
  useSaveAnnouncementMutation,
  useUploadAnnouncementImageMutation,
} from '../api/announcements-api';
import {
  ANNOUNCEMENT_IMAGE_ACCEPT,
  announcementFormSchema,
  isAcceptedImage,
  PRIORITIES,
} from '../utils/announcement-form';

/** The announcement dialog (spec §2): title, text, status, priority and an image attachment (png, jpg, jpeg). */
export function AnnouncementDialog({ record, onClose }: { record: AnnouncementRecord | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [save, saving] = useSaveAnnouncementMutation();
  const [upload, uploading] = useUploadAnnouncementImageMutation();
  const [removeImage] = useDeleteAnnouncementImageMutation();
  const [values, setValues] = useState({
    title: record?.title ?? '',
    text: record?.text ?? '',
    priority: String(record?.priority ?? 3),
    status: record?.status ?? true,
  });
  const [file, setFile] = useState<File | null>(null);
  const [existing, setExisting] = useState(record?.mediaName ?? null);
  const [errors, setErrors] = useState<Record<string, string>>({});

  const submit = async () => {
    const result = validateForm(announcementFormSchema(t), values);
    if (!result.ok) return setErrors(result.errors);
    setErrors({});
    try {
      const saved = await save({ ...result.data, id: record?.id }).unwrap();
      const id = saved?.id ?? record?.id;
      if (id && record?.mediaName && !existing && !file) await removeImage(id).unwrap();
      if (id && file) await upload({ id, file }).unwrap();
      notify('success', t('admin.announcements.saved'));
      onClose();
    } catch (error) {
      setErrors(serverFieldErrors(error));
      toastError(error);
    }
  };

  return (
    <FormDialog
      title={record ? t('admin.announcements.edit') : t('admin.announcements.add')}
      onClose={onClose}
      onSubmit={() => void submit()}
      saving={saving.isLoading || uploading.isLoading}
      testId="announcement-dialog"
    >
      <Stack gap="4">
        <Field.Root required invalid={Boolean(errors.title)}>
          <Field.Label>{t('admin.announcements.titleField')}</Field.Label>
          <Input
            name="title"
            value={values.title}
            onChange={(e) => setValues((v) => ({ ...v, title: e.target.value }))}
          />
          {errors.title && <Field.ErrorText>{errors.title}</Field.ErrorText>}
        </Field.Root>
        <Field.Root required invalid={Boolean(errors.text)}>
          <Field.Label>{t('admin.announcements.text')}</Field.Label>
          <Textarea
            name="text"
            rows={5}
            value={values.text}
            onChange={(e) => setValues((v) => ({ ...v, text: e.target.value }))}
          />
          {errors.text && <Field.ErrorText>{errors.text}</Field.ErrorText>}
        </Field.Root>
        <Field.Root>
          <Field.Label>{t('admin.announcements.priority')}</Field.Label>
          <NativeSelect.Root size="sm">
            <NativeSelect.Field
              name="priority"
              value={values.priority}
              onChange={(e) => setValues((v) => ({ ...v, priority: e.target.value }))}
            >
              {PRIORITIES.map((p) => (
                <option key={p} value={String(p)}>
                  {t(`admin.announcements.priorities.${p}`)}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
        <Switch.Root
          checked={values.status}
          onCheckedChange={(e) => setValues((v) => ({ ...v, status: e.checked }))}
          data-testid="announcement-status"
        >
          <Switch.HiddenInput />
          <Switch.Control />
          <Switch.Label>{t('admin.announcements.active')}</Switch.Label>
        </Switch.Root>
        <AttachmentField
          label={t('admin.announcements.image')}
          file={file}
          existingName={existing}
          accept={ANNOUNCEMENT_IMAGE_ACCEPT}
          error={errors.file}
          onFile={(chosen) => {
            if (chosen && !isAcceptedImage(chosen)) {
              setErrors((e) => ({ ...e, file: t('admin.announcements.imageTypes') }));
              return;
            }
            setErrors(({ file: _drop, ...rest }) => rest);
            setFile(chosen);
          }}
          onRemoveExisting={() => setExisting(null)}
        />
      </Stack>
    </FormDialog>
  );
}
