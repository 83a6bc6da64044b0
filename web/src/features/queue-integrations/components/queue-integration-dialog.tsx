import { Button, Field, Input, NativeSelect, SimpleGrid, Stack, Textarea } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { DIALOGFLOW_LANGUAGES, QUEUE_INTEGRATION_TYPES, type QueueIntegrationType } from '@cs/proto/events';
import { FormDialog } from '../../../components/form-dialog';
import { notify } from '../../../components/toaster';
import { toastError } from '../../../lib/errors';
import { serverFieldErrors, validateForm } from '../../../lib/form';
import {
  type QueueIntegrationBody,
  type QueueIntegrationRecord,
  useCreateQueueIntegrationMutation,
  useTestQueueIntegrationSessionMutation,
  useUpdateQueueIntegrationMutation,
} from '../api/queue-integrations-api';

/** The form's fields, as typed (numbers are parsed on submit). */
type Values = Record<Exclude<keyof QueueIntegrationBody, 'type'>, string> & { type: QueueIntegrationType };

const initial = (record: QueueIntegrationRecord | null): Values => ({
  type: record?.type ?? 'typebot',
  name: record?.name ?? '',
  projectName: record?.projectName ?? '',
  jsonContent: record?.jsonContent ?? '',
  language: record?.language ?? 'pt-BR',
  urlN8N: record?.urlN8N ?? '',
  typebotSlug: record?.typebotSlug ?? '',
  typebotExpires: String(record?.typebotExpires ?? 1),
  typebotDelayMessage: String(record?.typebotDelayMessage ?? 1000),
  typebotKeywordFinish: record?.typebotKeywordFinish ?? '',
  typebotKeywordRestart: record?.typebotKeywordRestart ?? '',
  typebotUnknownMessage: record?.typebotUnknownMessage ?? '',
  typebotRestartMessage: record?.typebotRestartMessage ?? '',
});

/** The integration modal: the fields of the chosen type; Dialogflow's can be tested before saving. */
export function QueueIntegrationDialog({
  record,
  onClose,
}: {
  record: QueueIntegrationRecord | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [create, creating] = useCreateQueueIntegrationMutation();
  const [update, updating] = useUpdateQueueIntegrationMutation();
  const [testSession, testing] = useTestQueueIntegrationSessionMutation();
  const [values, setValues] = useState<Values>(() => initial(record));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = (key: keyof Values, value: string) => setValues((current) => ({ ...current, [key]: value }));
  const required = t('queueIntegrations.dialog.required');

  const submit = async () => {
    const schema = z
      .object({
        type: z.enum(QUEUE_INTEGRATION_TYPES),
        name: z
          .string()
          .trim()
          .min(1, required)
          .min(2, t('queueIntegrations.dialog.tooShort'))
          .max(50, t('queueIntegrations.dialog.tooLong')),
        projectName: z.string(),
        jsonContent: z.string(),
        language: z.enum(DIALOGFLOW_LANGUAGES),
        urlN8N: z.string().trim(),
        typebotSlug: z.string().trim(),
        typebotExpires: z.coerce.number().int().min(0),
        typebotDelayMessage: z.coerce.number().int().min(0),
        typebotKeywordFinish: z.string(),
        typebotKeywordRestart: z.string(),
        typebotUnknownMessage: z.string(),
        typebotRestartMessage: z.string(),
      })
      .superRefine((value, context) => {
        const need = (path: keyof Values, present: boolean) => {
          if (!present) context.addIssue({ code: 'custom', path: [path], message: required });
        };
        if (value.type !== 'dialogflow') need('urlN8N', value.urlN8N.length > 0);
        if (value.type === 'typebot') need('typebotSlug', value.typebotSlug.length > 0);
        if (value.type === 'dialogflow') {
          need('projectName', value.projectName.trim().length > 0);
          need('jsonContent', value.jsonContent.trim().length > 0);
        }
      });
    const result = validateForm(schema, values);
    if (!result.ok) return setErrors(result.errors);
    setErrors({});
    try {
      if (record) {
        await update({ id: record.id, ...result.data }).unwrap();
        notify('success', t('queueIntegrations.edited'));
      } else {
        await create(result.data).unwrap();
        notify('success', t('queueIntegrations.added'));
      }
      onClose();
    } catch (error) {
      setErrors(serverFieldErrors(error));
      toastError(error);
    }
  };

  const test = async () => {
    try {
      await testSession({
        projectName: values.projectName,
        jsonContent: values.jsonContent,
        language: DIALOGFLOW_LANGUAGES.find((language) => language === values.language) ?? null,
        ...(record ? { integrationId: record.id } : {}),
      }).unwrap();
      notify('success', t('queueIntegrations.testOk'));
    } catch (error) {
      toastError(error);
    }
  };

  const text = (key: keyof Values, label: string, type = 'text') => (
    <Field.Root invalid={Boolean(errors[key])}>
      <Field.Label>{label}</Field.Label>
      <Input name={key} type={type} value={values[key]} onChange={(e) => set(key, e.target.value)} />
      {errors[key] && <Field.ErrorText>{errors[key]}</Field.ErrorText>}
    </Field.Root>
  );
  const select = (key: keyof Values, label: string, options: ReadonlyArray<[string, string]>) => (
    <Field.Root>
      <Field.Label>{label}</Field.Label>
      <NativeSelect.Root size="sm">
        <NativeSelect.Field
          name={key}
          aria-label={label}
          value={values[key]}
          onChange={(e) => set(key, e.target.value)}
        >
          {options.map(([value, name]) => (
            <option key={value} value={value}>
              {name}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  );
  const type: QueueIntegrationType = values.type;

  return (
    <FormDialog
      title={record ? t('queueIntegrations.dialog.editTitle') : t('queueIntegrations.dialog.addTitle')}
      onClose={onClose}
      onSubmit={() => void submit()}
      saving={creating.isLoading || updating.isLoading}
      size="lg"
      testId="integration-dialog"
    >
      <Stack gap="4">
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
          {select(
            'type',
            t('queueIntegrations.type'),
            QUEUE_INTEGRATION_TYPES.map((value) => [value, t(`queueIntegrations.types.${value}`)]),
          )}
          {text('name', t('queueIntegrations.name'))}
        </SimpleGrid>
        {type === 'dialogflow' && (
          <>
            <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
              {text('projectName', t('queueIntegrations.dialog.projectName'))}
              {select(
                'language',
                t('queueIntegrations.dialog.language'),
                DIALOGFLOW_LANGUAGES.map((value) => [value, t(`queueIntegrations.dialog.languages.${value}`)]),
              )}
            </SimpleGrid>
            <Field.Root invalid={Boolean(errors.jsonContent)}>
              <Field.Label>{t('queueIntegrations.dialog.jsonContent')}</Field.Label>
              <Textarea
                name="jsonContent"
                rows={6}
                fontFamily="mono"
                value={values.jsonContent}
                onChange={(e) => set('jsonContent', e.target.value)}
              />
              {errors.jsonContent && <Field.ErrorText>{errors.jsonContent}</Field.ErrorText>}
            </Field.Root>
            <Button
              size="sm"
              variant="outline"
              alignSelf="start"
              loading={testing.isLoading}
              onClick={() => void test()}
            >
              {t('queueIntegrations.dialog.test')}
            </Button>
          </>
        )}
        {(type === 'n8n' || type === 'webhook') && text('urlN8N', t('queueIntegrations.dialog.url'))}
        {type === 'typebot' && (
          <>
            <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
              {text('urlN8N', t('queueIntegrations.dialog.typebotUrl'))}
              {text('typebotSlug', t('queueIntegrations.dialog.typebotSlug'))}
            </SimpleGrid>
            <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
              {text('typebotExpires', t('queueIntegrations.dialog.typebotExpires'), 'number')}
              {text('typebotDelayMessage', t('queueIntegrations.dialog.typebotDelayMessage'), 'number')}
            </SimpleGrid>
            <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
              {text('typebotKeywordFinish', t('queueIntegrations.dialog.typebotKeywordFinish'))}
              {text('typebotKeywordRestart', t('queueIntegrations.dialog.typebotKeywordRestart'))}
            </SimpleGrid>
            {text('typebotUnknownMessage', t('queueIntegrations.dialog.typebotUnknownMessage'))}
            {text('typebotRestartMessage', t('queueIntegrations.dialog.typebotRestartMessage'))}
          </>
        )}
      </Stack>
    </FormDialog>
  );
}
