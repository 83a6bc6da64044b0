import { Field, Input, NativeSelect, SimpleGrid, Stack, Switch, Table, Tabs, Text, Textarea } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ServiceLevelFields } from './service-level-fields';
import { useListSettingsQuery } from '../../../api/endpoints/company';
import { useListIntegrationsQuery, useListPromptsQuery } from '../../../api/endpoints/lookups';
import { AttachmentField } from '../../../components/attachment-field';
import { ColorPicker } from '../../../components/color-picker';
import { FormDialog } from '../../../components/form-dialog';
import { flagOn, usePlanFlags } from '../../../components/use-plan-flags';
import { notify } from '../../../components/toaster';
import { toastError } from '../../../lib/errors';
import { serverFieldErrors, validateForm } from '../../../lib/form';
import {
  useCreateQueueMutation,
  useDeleteQueueMediaMutation,
  useUpdateQueueMutation,
  useUploadQueueMediaMutation,
  type QueueRecord,
  type ScheduleEntry,
} from '../api/queues-api';
import { freeQueueColor, queueFormSchema, withDefaultSchedules } from '../utils/queue-form';
import { QueueOptionsEditor } from './queue-options-editor';

interface Values {
  name: string;
  color: string;
  orderQueue: string;
  greetingMessage: string;
  outOfHoursMessage: string;
  integrationId: string;
  promptId: string;
  autoAssign: boolean;
  schedules: ScheduleEntry[];
}

const valuesOf = (queue: QueueRecord | null, usedColors: readonly string[]): Values => ({
  name: queue?.name ?? '',
  color: queue?.color ?? freeQueueColor(usedColors),
  orderQueue: queue?.orderQueue != null ? String(queue.orderQueue) : '',
  greetingMessage: queue?.greetingMessage ?? '',
  outOfHoursMessage: queue?.outOfHoursMessage ?? '',
  integrationId: queue?.integrationId ? String(queue.integrationId) : '',
  promptId: queue?.promptId ? String(queue.promptId) : '',
  autoAssign: queue?.autoAssign ?? false,
  schedules: withDefaultSchedules(queue?.schedules),
});

/**
 * Add or edit a queue: the data tab (with the chatbot's option menu once the queue exists) and, when the
 * company's `scheduleType` setting is `queue`, the opening-hours tab. A new queue stays open after its first
 * save so its options can be added at once.
 */
export function QueueDialog({
  queue: initial,
  usedColors = [],
  onClose,
}: {
  queue: QueueRecord | null;
  /** The colours of the company's queues: a new queue starts with one none of them uses. */
  usedColors?: readonly string[];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [queue, setQueue] = useState(initial);
  const [values, setValues] = useState<Values>(() => valuesOf(initial, usedColors));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [file, setFile] = useState<File | null>(null);
  const [existingMedia, setExistingMedia] = useState(initial?.mediaName ?? null);
  const [tab, setTab] = useState('data');
  const { data: settings = [] } = useListSettingsQuery();
  // gated server-side by the plan (403 otherwise): asked only when the plan has them
  const flags = usePlanFlags();
  const { data: prompts = [] } = useListPromptsQuery(undefined, { skip: !flagOn(flags, 'useOpenAi') });
  const { data: integrations = [] } = useListIntegrationsQuery(undefined, { skip: !flagOn(flags, 'useIntegrations') });
  const [create, creating] = useCreateQueueMutation();
  const [update, updating] = useUpdateQueueMutation();
  const [upload, uploading] = useUploadQueueMediaMutation();
  const [removeMedia] = useDeleteQueueMediaMutation();
  const hoursEnabled = settings.find((s) => s.key === 'scheduleType')?.value === 'queue';
  const set = <K extends keyof Values>(key: K, value: Values[K]) => setValues((v) => ({ ...v, [key]: value }));

  const submit = async () => {
    const result = validateForm(queueFormSchema(t), values);
    if (!result.ok) {
      setErrors(result.errors);
      if (Object.keys(result.errors).some((k) => k.startsWith('schedules'))) setTab('hours');
      return;
    }
    setErrors({});
    try {
      const saved = queue
        ? await update({ id: queue.id, ...result.data }).unwrap()
        : await create(result.data).unwrap();
      if (queue?.mediaName && !existingMedia && !file) await removeMedia(saved.id).unwrap();
      if (file) {
        const withMedia = await upload({ id: saved.id, file }).unwrap();
        setExistingMedia(withMedia?.mediaName ?? file.name);
        setFile(null);
      }
      notify('success', t('queues.saved'));
      if (queue) onClose();
      else setQueue(saved);
    } catch (error) {
      setErrors(serverFieldErrors(error));
      toastError(error);
    }
  };

  const setHour = (i: number, key: 'startTime' | 'endTime', value: string) =>
    set(
      'schedules',
      values.schedules.map((day, j) => (j === i ? { ...day, [key]: value } : day)),
    );

  const select = (key: 'integrationId' | 'promptId', label: string, items: Array<{ id: number; name: string }>) => (
    <Field.Root>
      <Field.Label>{label}</Field.Label>
      <NativeSelect.Root size="sm">
        <NativeSelect.Field name={key} value={values[key]} onChange={(e) => set(key, e.target.value)}>
          <option value="">{t('management.none')}</option>
          {items.map((item) => (
            <option key={item.id} value={String(item.id)}>
              {item.name}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  );

  return (
    <FormDialog
      title={queue ? t('queues.dialog.editTitle') : t('queues.dialog.addTitle')}
      onClose={onClose}
      onSubmit={() => void submit()}
      saving={creating.isLoading || updating.isLoading || uploading.isLoading}
      size="lg"
      testId="queue-dialog"
    >
      <Tabs.Root value={tab} onValueChange={(e) => setTab(e.value)} variant="line" size="sm">
        <Tabs.List>
          <Tabs.Trigger value="data">{t('queues.dialog.tabs.data')}</Tabs.Trigger>
          {hoursEnabled && <Tabs.Trigger value="hours">{t('queues.dialog.tabs.hours')}</Tabs.Trigger>}
        </Tabs.List>
        <Tabs.Content value="data">
          <Stack gap="4">
            <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
              <Field.Root required invalid={Boolean(errors.name)}>
                <Field.Label>{t('queues.name')}</Field.Label>
                <Input name="name" value={values.name} onChange={(e) => set('name', e.target.value)} />
                {errors.name && <Field.ErrorText>{errors.name}</Field.ErrorText>}
              </Field.Root>
              <Field.Root invalid={Boolean(errors.orderQueue)}>
                <Field.Label>{t('queues.dialog.orderQueue')}</Field.Label>
                <Input
                  name="orderQueue"
                  type="number"
                  min={0}
                  value={values.orderQueue}
                  onChange={(e) => set('orderQueue', e.target.value)}
                />
                {errors.orderQueue && <Field.ErrorText>{errors.orderQueue}</Field.ErrorText>}
              </Field.Root>
            </SimpleGrid>
            <ColorPicker
              label={t('queues.color')}
              value={values.color}
              onChange={(color) => set('color', color)}
              invalid={Boolean(errors.color)}
              error={errors.color}
            />
            <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
              {select('integrationId', t('queues.dialog.integration'), integrations)}
              {select('promptId', t('queues.dialog.prompt'), prompts)}
            </SimpleGrid>
            <Field.Root>
              <Field.Label>{t('queues.dialog.greetingMessage')}</Field.Label>
              <Textarea
                name="greetingMessage"
                rows={3}
                value={values.greetingMessage}
                onChange={(e) => set('greetingMessage', e.target.value)}
              />
            </Field.Root>
            {hoursEnabled && (
              <Field.Root>
                <Field.Label>{t('queues.dialog.outOfHoursMessage')}</Field.Label>
                <Textarea
                  name="outOfHoursMessage"
                  rows={3}
                  value={values.outOfHoursMessage}
                  onChange={(e) => set('outOfHoursMessage', e.target.value)}
                />
              </Field.Root>
            )}
            <AttachmentField
              label={t('queues.dialog.media')}
              file={file}
              existingName={existingMedia}
              onFile={setFile}
              onRemoveExisting={() => setExistingMedia(null)}
            />
            <Switch.Root checked={values.autoAssign} onCheckedChange={(e) => set('autoAssign', e.checked)}>
              <Switch.HiddenInput />
              <Switch.Control />
              <Switch.Label>{t('queues.dialog.autoAssign')}</Switch.Label>
            </Switch.Root>
            {queue && <ServiceLevelFields queueId={queue.id} />}
            <Stack gap="2">
              <Text fontWeight="semibold">{t('queues.options.title')}</Text>
              {queue ? (
                <QueueOptionsEditor queueId={queue.id} parentId={null} depth={0} />
              ) : (
                <Text fontSize="sm" color="fg.muted">
                  {t('queues.dialog.saveFirst')}
                </Text>
              )}
            </Stack>
          </Stack>
        </Tabs.Content>
        {hoursEnabled && (
          <Tabs.Content value="hours">
            <Table.Root size="sm" data-testid="queue-hours">
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader>{t('queues.dialog.weekday')}</Table.ColumnHeader>
                  <Table.ColumnHeader>{t('queues.dialog.startTime')}</Table.ColumnHeader>
                  <Table.ColumnHeader>{t('queues.dialog.endTime')}</Table.ColumnHeader>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {values.schedules.map((day, i) => (
                  <Table.Row key={day.weekdayEn}>
                    <Table.Cell>{t(`queues.weekdays.${day.weekdayEn}`)}</Table.Cell>
                    {(['startTime', 'endTime'] as const).map((key) => (
                      <Table.Cell key={key}>
                        <Field.Root invalid={Boolean(errors[`schedules.${i}.${key}`])}>
                          <Input
                            size="sm"
                            type="time"
                            name={`${day.weekdayEn}-${key}`}
                            aria-label={`${t(`queues.weekdays.${day.weekdayEn}`)} ${t(`queues.dialog.${key}`)}`}
                            value={day[key]}
                            onChange={(e) => setHour(i, key, e.target.value)}
                          />
                          {errors[`schedules.${i}.${key}`] && (
                            <Field.ErrorText>{errors[`schedules.${i}.${key}`]}</Field.ErrorText>
                          )}
                        </Field.Root>
                      </Table.Cell>
                    ))}
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          </Tabs.Content>
        )}
      </Tabs.Root>
    </FormDialog>
  );
}
