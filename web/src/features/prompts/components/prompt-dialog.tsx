import { Field, Input, NativeSelect, SimpleGrid, Stack, Textarea } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { PromptRequestSchema } from '@cs/proto/http';
import { numberField, textField } from '../../../lib/form-rules';
import { useListQueuesQuery } from '../../../api/endpoints/company';
import { FormDialog } from '../../../components/form-dialog';
import { notify } from '../../../components/toaster';
import { toastError } from '../../../lib/errors';
import { serverFieldErrors, validateForm } from '../../../lib/form';
import {
  type PromptBody,
  type PromptRecord,
  useCreatePromptMutation,
  useUpdatePromptMutation,
  VOICES,
} from '../api/prompts-api';

/** The form's fields, as typed (numbers are parsed on submit). */
type Values = Record<keyof PromptBody, string>;

/** The prompt modal: the spec requires the queue ('Informe o setor'); keys come back masked and stay unless retyped. */
export function PromptDialog({ record, onClose }: { record: PromptRecord | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { data: queues = [] } = useListQueuesQuery();
  const [create, creating] = useCreatePromptMutation();
  const [update, updating] = useUpdatePromptMutation();
  const [values, setValues] = useState<Values>({
    name: record?.name ?? '',
    prompt: record?.prompt ?? '',
    apiKey: record?.apiKey ?? '',
    queueId: record ? String(record.queueId) : '',
    maxTokens: String(record?.maxTokens ?? 100),
    temperature: String(record?.temperature ?? 1),
    maxMessages: String(record?.maxMessages ?? 10),
    voice: record?.voice ?? 'texto',
    voiceKey: record?.voiceKey ?? '',
    voiceRegion: record?.voiceRegion ?? '',
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = (key: keyof Values, value: string) => setValues((current) => ({ ...current, [key]: value }));

  const submit = async () => {
    const required = t('common.required');
    const text = { required, tooLong: t('management.tooLong') };
    const schema = z.object({
      name: textField(PromptRequestSchema.shape.name, text),
      prompt: textField(PromptRequestSchema.shape.prompt, text),
      apiKey: z.string().trim().min(1, required),
      queueId: z.coerce.number().int().positive(t('prompts.dialog.queueRequired')),
      maxTokens: numberField(PromptRequestSchema.shape.maxTokens),
      temperature: numberField(PromptRequestSchema.shape.temperature),
      maxMessages: numberField(PromptRequestSchema.shape.maxMessages),
      voice: z.enum(VOICES),
      voiceKey: z.string(),
      voiceRegion: z.string(),
    });
    const result = validateForm(schema, values);
    if (!result.ok) return setErrors(result.errors);
    setErrors({});
    try {
      if (record) await update({ id: record.id, ...result.data }).unwrap();
      else await create(result.data).unwrap();
      notify('success', t('prompts.saved'));
      onClose();
    } catch (error) {
      setErrors(serverFieldErrors(error));
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

  return (
    <FormDialog
      title={record ? t('prompts.dialog.editTitle') : t('prompts.dialog.addTitle')}
      onClose={onClose}
      onSubmit={() => void submit()}
      saving={creating.isLoading || updating.isLoading}
      size="lg"
      testId="prompt-dialog"
    >
      <Stack gap="4">
        {text('name', t('prompts.name'))}
        <Field.Root invalid={Boolean(errors.apiKey)}>
          <Field.Label>{t('prompts.dialog.apiKey')}</Field.Label>
          <Input name="apiKey" type="password" value={values.apiKey} onChange={(e) => set('apiKey', e.target.value)} />
          {record && (
            <Field.HelperText data-testid={record.keyUnreadable ? 'api-key-unreadable' : undefined}>
              {record.keyUnreadable ? t('automationStatus.keyUnreadable') : t('prompts.dialog.apiKeyKept')}
            </Field.HelperText>
          )}
          {errors.apiKey && <Field.ErrorText>{errors.apiKey}</Field.ErrorText>}
        </Field.Root>
        <Field.Root invalid={Boolean(errors.prompt)}>
          <Field.Label>{t('prompts.dialog.prompt')}</Field.Label>
          <Textarea name="prompt" rows={8} value={values.prompt} onChange={(e) => set('prompt', e.target.value)} />
          {errors.prompt && <Field.ErrorText>{errors.prompt}</Field.ErrorText>}
        </Field.Root>
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
          <Field.Root invalid={Boolean(errors.queueId)}>
            <Field.Label>{t('prompts.queue')}</Field.Label>
            <NativeSelect.Root size="sm">
              <NativeSelect.Field
                name="queueId"
                aria-label={t('prompts.queue')}
                value={values.queueId}
                onChange={(e) => set('queueId', e.target.value)}
              >
                <option value="">{t('prompts.dialog.selectQueue')}</option>
                {queues.map((queue) => (
                  <option key={queue.id} value={String(queue.id)}>
                    {queue.name}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
            {errors.queueId && <Field.ErrorText>{errors.queueId}</Field.ErrorText>}
          </Field.Root>
          <Field.Root>
            <Field.Label>{t('prompts.dialog.voice')}</Field.Label>
            <NativeSelect.Root size="sm">
              <NativeSelect.Field
                name="voice"
                aria-label={t('prompts.dialog.voice')}
                value={values.voice}
                onChange={(e) => set('voice', e.target.value)}
              >
                {VOICES.map((voice) => (
                  <option key={voice} value={voice}>
                    {voice === 'texto' ? t('prompts.dialog.text') : voice}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </Field.Root>
        </SimpleGrid>
        {values.voice !== 'texto' && (
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
            {text('voiceKey', t('prompts.dialog.voiceKey'), 'password')}
            {text('voiceRegion', t('prompts.dialog.voiceRegion'))}
          </SimpleGrid>
        )}
        <SimpleGrid columns={{ base: 1, md: 3 }} gap="3">
          {text('temperature', t('prompts.dialog.temperature'), 'number')}
          {text('maxTokens', t('prompts.maxTokens'), 'number')}
          {text('maxMessages', t('prompts.dialog.maxMessages'), 'number')}
        </SimpleGrid>
      </Stack>
    </FormDialog>
  );
}
