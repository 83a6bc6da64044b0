import { Alert, Field, Input, NativeSelect, Stack, Text, Textarea } from '@chakra-ui/react';
import { renderCloudTemplate } from '@cs/proto/http';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useListConnectionsQuery } from '../../../api/endpoints/company';
import { AttachmentField } from '../../../components/attachment-field';
import { FormDialog } from '../../../components/form-dialog';
import { notify } from '../../../components/toaster';
import { toastError } from '../../../lib/errors';
import { serverFieldErrors, validateForm } from '../../../lib/form';
import {
  useAddScheduleMutation,
  useDeleteScheduleMediaMutation,
  useUpdateScheduleMutation,
  useUploadScheduleMediaMutation,
  type ScheduleRecord,
} from '../api/schedules-api';
import {
  defaultSendAt,
  isAllowedAttachment,
  isSent,
  SCHEDULE_ATTACHMENT_ACCEPT,
  scheduleFormSchema,
  toLocalInput,
} from '../utils/schedule-rules';
import { type ChosenTemplate, templateComplete, TemplatePicker } from '../../../components/template-picker';
import { useCloudConnection } from '../../../components/use-cloud-connection';
import { ContactPicker, type PickedContact } from './contact-picker';

/**
 * Add or edit a scheduled message; a sent one opens read-only (spec §4). The connection it goes through may be
 * chosen (none: the contact's open ticket, else the company's default connection); when that connection is a Cloud
 * API one, an approved template may be chosen instead of the text (its rendered text is the body).
 */
export function ScheduleDialog({
  schedule,
  initialContact,
  onClose,
}: {
  schedule: ScheduleRecord | null;
  initialContact?: PickedContact | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const readOnly = schedule !== null && isSent(schedule);
  const [add, adding] = useAddScheduleMutation();
  const [update, updating] = useUpdateScheduleMutation();
  const [upload, uploading] = useUploadScheduleMediaMutation();
  const [removeMedia] = useDeleteScheduleMediaMutation();
  const [contact, setContact] = useState<PickedContact | null>(
    schedule?.contact
      ? { id: schedule.contact.id, name: schedule.contact.name, number: schedule.contact.number }
      : (initialContact ?? null),
  );
  const [body, setBody] = useState(schedule?.body ?? '');
  const [sendAt, setSendAt] = useState(schedule ? toLocalInput(new Date(schedule.sendAt)) : defaultSendAt());
  const [file, setFile] = useState<File | null>(null);
  const [existingMedia, setExistingMedia] = useState(schedule?.mediaName ?? null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const { data: connections = [] } = useListConnectionsQuery();
  const [whatsappId, setWhatsappId] = useState(schedule?.whatsappId ? String(schedule.whatsappId) : '');
  const cloudConnection = useCloudConnection(whatsappId ? Number(whatsappId) : 'default');
  const [template, setTemplate] = useState<ChosenTemplate | null>(schedule?.template ?? null);

  const pickFile = (picked: File | null) => {
    if (picked && !isAllowedAttachment(picked)) {
      setErrors((e) => ({ ...e, file: t('schedules.dialog.attachmentType') }));
      return;
    }
    setErrors(({ file: _dropped, ...rest }) => rest);
    setFile(picked);
  };

  const submit = async () => {
    if (template && !templateComplete(template)) return setErrors({ template: t('templates.incomplete') });
    const text = template ? renderCloudTemplate(template.components, template.values) || template.name : body;
    const result = validateForm(scheduleFormSchema(t), { body: text, contactId: contact?.id, sendAt });
    if (!result.ok) return setErrors(result.errors);
    setErrors({});
    const data = { ...result.data, template, whatsappId: whatsappId ? Number(whatsappId) : null };
    try {
      const saved = schedule ? await update({ id: schedule.id, ...data }).unwrap() : await add(data).unwrap();
      const id = saved?.id ?? schedule?.id;
      if (id && schedule?.mediaName && !existingMedia && !file) await removeMedia(id).unwrap();
      if (id && file) await upload({ id, file }).unwrap();
      notify('success', t('schedules.saved'));
      onClose();
    } catch (error) {
      setErrors(serverFieldErrors(error));
      toastError(error);
    }
  };

  return (
    <FormDialog
      title={
        readOnly
          ? t('schedules.dialog.viewTitle')
          : schedule
            ? t('schedules.dialog.editTitle')
            : t('schedules.dialog.addTitle')
      }
      onClose={onClose}
      onSubmit={() => void submit()}
      saving={adding.isLoading || updating.isLoading || uploading.isLoading}
      readOnly={readOnly}
      testId="schedule-dialog"
    >
      <Stack gap="4">
        {readOnly && (
          <Alert.Root status="info" size="sm">
            <Alert.Indicator />
            <Alert.Title>{t('schedules.dialog.readOnly')}</Alert.Title>
          </Alert.Root>
        )}
        <ContactPicker value={contact} onChange={setContact} error={errors.contactId} disabled={readOnly} />
        <Field.Root disabled={readOnly}>
          <Field.Label>{t('templates.connection')}</Field.Label>
          <NativeSelect.Root size="sm">
            <NativeSelect.Field
              name="whatsappId"
              aria-label={t('templates.connection')}
              value={whatsappId}
              onChange={(e) => {
                setWhatsappId(e.currentTarget.value);
                // a template belongs to one connection
                setTemplate(null);
              }}
            >
              <option value="">{t('templates.defaultConnection')}</option>
              {connections.map((connection) => (
                <option key={connection.id} value={connection.id}>
                  {connection.name}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
        {cloudConnection !== null && (
          <TemplatePicker connectionId={cloudConnection} value={template} onChange={setTemplate} disabled={readOnly} />
        )}
        {errors.template && (
          <Text color="fg.error" fontSize="sm">
            {errors.template}
          </Text>
        )}
        {!template && (
          <Field.Root required invalid={Boolean(errors.body)}>
            <Field.Label>{t('schedules.body')}</Field.Label>
            <Textarea name="body" rows={5} value={body} readOnly={readOnly} onChange={(e) => setBody(e.target.value)} />
            {errors.body && <Field.ErrorText>{errors.body}</Field.ErrorText>}
          </Field.Root>
        )}
        <Field.Root required invalid={Boolean(errors.sendAt)}>
          <Field.Label>{t('schedules.sendAt')}</Field.Label>
          <Input
            name="sendAt"
            type="datetime-local"
            value={sendAt}
            readOnly={readOnly}
            onChange={(e) => setSendAt(e.target.value)}
          />
          {errors.sendAt && <Field.ErrorText>{errors.sendAt}</Field.ErrorText>}
        </Field.Root>
        <AttachmentField
          label={t('schedules.dialog.attachment')}
          file={file}
          existingName={existingMedia}
          accept={SCHEDULE_ATTACHMENT_ACCEPT}
          disabled={readOnly}
          error={errors.file}
          onFile={pickFile}
          onRemoveExisting={() => setExistingMedia(null)}
        />
      </Stack>
    </FormDialog>
  );
}
