import { Button, Field, Input, NativeSelect, SimpleGrid, Stack, Switch, Tabs, Text, Textarea } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { newConnectionSettings, PROVIDERS } from '@cs/proto/events';
import { useListQueuesQuery } from '../../../api/endpoints/company';
import { useListIntegrationsQuery, useListPromptsQuery, type NamedRecord } from '../../../api/endpoints/lookups';
import { FormDialog } from '../../../components/form-dialog';
import { flagOn, usePlanFlags } from '../../../components/use-plan-flags';
import { MultiSelect } from '../../../components/multi-select';
import { notify } from '../../../components/toaster';
import { toastError } from '../../../lib/errors';
import { serverFieldErrors, validateForm } from '../../../lib/form';
import {
  useCreateConnectionMutation,
  useRotateConnectionTokenMutation,
  useUpdateConnectionMutation,
  type ConnectionBody,
  type ConnectionRecord,
} from '../api/connections-api';
import { CLOUD_FIELDS, connectionFormSchema, COUNTERS, MESSAGES, withoutUndefined } from '../utils/connection-form';

type TextKey = (typeof MESSAGES)[number] | (typeof COUNTERS)[number] | (typeof CLOUD_FIELDS)[number] | 'name' | 'token';
/** Select fields whose label key differs from the field's name. */
/** A new connection's counters (the connector's defaults). */
const NEW = newConnectionSettings();

const SELECT_LABELS: Partial<Record<string, string>> = { promptId: 'prompt', integrationId: 'integration' };

type Values = Record<TextKey | 'promptId' | 'integrationId' | 'sendIdQueue' | 'provider', string> & {
  isDefault: boolean;
  queueIds: number[];
};

const str = (value: number | string | null | undefined, fallback = '') =>
  value === null || value === undefined ? fallback : String(value);

function valuesOf(c: ConnectionRecord | null): Values {
  return {
    name: c?.name ?? '',
    isDefault: c?.isDefault ?? false,
    provider: c?.provider ?? 'beta',
    queueIds: c?.queueIds ?? (c?.queues ?? []).map((q) => q.id),
    promptId: str(c?.promptId),
    integrationId: str(c?.integrationId),
    sendIdQueue: str(c?.sendIdQueue),
    // the server never answers a token again: a new one is typed (or generated) on create, rotated on edit
    token: '',
    greetingMessage: c?.greetingMessage ?? '',
    complationMessage: c?.complationMessage ?? '',
    outOfHoursMessage: c?.outOfHoursMessage ?? '',
    ratingMessage: c?.ratingMessage ?? '',
    expiresInactiveMessage: c?.expiresInactiveMessage ?? '',
    timeSendQueue: str(c?.timeSendQueue, String(NEW.timeSendQueue)),
    expiresTicket: str(c?.expiresTicket, String(NEW.expiresTicket)),
    timeUseBotQueues: str(c?.timeUseBotQueues, String(NEW.timeUseBotQueues)),
    maxUseBotQueues: str(c?.maxUseBotQueues, String(NEW.maxUseBotQueues)),
    cloudPhoneNumberId: c?.cloudPhoneNumberId ?? '',
    cloudAccessToken: '',
    cloudAppSecret: '',
    cloudVerifyToken: '',
  };
}

/** The external-API token the server has just set, shown once (it keeps only its digest). */
function TokenShownDialog({ token, onClose }: { token: string; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <FormDialog title={t('connections.dialog.tokenTitle')} onClose={onClose} readOnly testId="connection-token-dialog">
      <Stack gap="3">
        <Text fontSize="sm">{t('connections.dialog.tokenOnce')}</Text>
        <Input
          readOnly
          fontFamily="mono"
          value={token}
          aria-label={t('connections.dialog.token')}
          data-testid="connection-token-shown"
          onFocus={(e) => e.target.select()}
        />
      </Stack>
    </FormDialog>
  );
}

/** Add or edit a connection: every field of the spec's connection dialog, its queues and prompt. */
export function ConnectionDialog({
  connection,
  onClose,
}: {
  connection: ConnectionRecord | null;
  onClose: () => void;
}) {
  // gated server-side by the plan (403 otherwise): asked only when the plan has them
  const flags = usePlanFlags();
  const { data: prompts = [] } = useListPromptsQuery(undefined, { skip: !flagOn(flags, 'useOpenAi') });
  const { data: integrations = [] } = useListIntegrationsQuery(undefined, { skip: !flagOn(flags, 'useIntegrations') });
  const { t } = useTranslation();
  const { data: queues = [] } = useListQueuesQuery();
  const [create, creating] = useCreateConnectionMutation();
  const [update, updating] = useUpdateConnectionMutation();
  const [rotate, rotating] = useRotateConnectionTokenMutation();
  const [shownToken, setShownToken] = useState<string | null>(null);
  const [values, setValues] = useState<Values>(() => valuesOf(connection));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [tab, setTab] = useState('general');
  const set = <K extends keyof Values>(key: K, value: Values[K]) => setValues((v) => ({ ...v, [key]: value }));

  const submit = async () => {
    const result = validateForm(connectionFormSchema(t), values);
    if (!result.ok) {
      setErrors(result.errors);
      const first = Object.keys(result.errors)[0] ?? '';
      setTab(
        (COUNTERS as readonly string[]).includes(first)
          ? 'automation'
          : (CLOUD_FIELDS as readonly string[]).includes(first)
            ? 'provider'
            : 'general',
      );
      return;
    }
    setErrors({});
    const { token, ...rest } = withoutUndefined(result.data) as ConnectionBody;
    try {
      if (connection) await update({ id: connection.id, ...rest }).unwrap();
      else {
        // an empty token: the server generates a strong one and answers it this once
        const created = await create({ ...rest, ...(token ? { token } : {}) }).unwrap();
        notify('success', t('connections.saved'));
        if (created.token) {
          setShownToken(created.token);
          return;
        }
      }
      if (connection) notify('success', t('connections.saved'));
      onClose();
    } catch (error) {
      setErrors(serverFieldErrors(error));
      toastError(error);
    }
  };

  const field = (key: TextKey, options: { type?: string; helper?: string; placeholder?: string } = {}) => (
    <Field.Root key={key} invalid={Boolean(errors[key])} required={key === 'name' || COUNTERS.includes(key as never)}>
      <Field.Label>{t(`connections.dialog.${key}`)}</Field.Label>
      <Input
        name={key}
        type={options.type ?? 'text'}
        placeholder={options.placeholder}
        value={values[key]}
        onChange={(e) => set(key, e.target.value)}
      />
      {options.helper && !errors[key] && <Field.HelperText>{options.helper}</Field.HelperText>}
      {errors[key] && <Field.ErrorText>{errors[key]}</Field.ErrorText>}
    </Field.Root>
  );

  const select = (
    key: 'promptId' | 'integrationId' | 'sendIdQueue' | 'provider',
    items: Array<{ value: string; label: string }>,
    empty?: string,
  ) => (
    <Field.Root key={key}>
      <Field.Label>{t(`connections.dialog.${SELECT_LABELS[key] ?? key}`)}</Field.Label>
      <NativeSelect.Root size="sm">
        <NativeSelect.Field name={key} value={values[key]} onChange={(e) => set(key, e.target.value)}>
          {empty !== undefined && <option value="">{empty}</option>}
          {items.map((item) => (
            <option key={item.value} value={item.value}>
              {item.label}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  );

  const toItems = (records: NamedRecord[]) => records.map((r) => ({ value: String(r.id), label: r.name }));

  const rotateToken = async () => {
    if (!connection) return;
    try {
      setShownToken((await rotate(connection.id).unwrap()).token);
    } catch (error) {
      toastError(error);
    }
  };

  /** On edit the token is never shown again: "••••" (or none) and a button that generates a new one. */
  const tokenField = connection ? (
    <Field.Root>
      <Field.Label>{t('connections.dialog.token')}</Field.Label>
      <Stack direction="row" align="center" gap="3">
        <Text fontFamily="mono" data-testid="connection-token-mask">
          {connection.hasToken ? '••••' : t('connections.dialog.tokenNone')}
        </Text>
        <Button size="xs" variant="outline" loading={rotating.isLoading} onClick={() => void rotateToken()}>
          {t('connections.dialog.rotateToken')}
        </Button>
      </Stack>
      {connection.tokenWeak && (
        <Text fontSize="sm" color="fg.error">
          {t('connections.dialog.tokenWeak')}
        </Text>
      )}
    </Field.Root>
  ) : (
    field('token', { helper: t('connections.dialog.tokenHint') })
  );

  if (shownToken) return <TokenShownDialog token={shownToken} onClose={onClose} />;

  return (
    <FormDialog
      title={connection ? t('connections.dialog.editTitle') : t('connections.dialog.addTitle')}
      onClose={onClose}
      onSubmit={() => void submit()}
      saving={creating.isLoading || updating.isLoading}
      size="lg"
      testId="connection-dialog"
    >
      <Tabs.Root value={tab} onValueChange={(e) => setTab(e.value)} variant="line" size="sm">
        <Tabs.List>
          {(['general', 'messages', 'automation', 'provider'] as const).map((key) => (
            <Tabs.Trigger key={key} value={key}>
              {t(`connections.dialog.tabs.${key}`)}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        <Tabs.Content value="general">
          <Stack gap="4">
            <SimpleGrid columns={{ base: 1, md: 2 }} gap="3" alignItems="end">
              {field('name')}
              <Switch.Root checked={values.isDefault} onCheckedChange={(e) => set('isDefault', e.checked)}>
                <Switch.HiddenInput />
                <Switch.Control />
                <Switch.Label>{t('connections.dialog.isDefault')}</Switch.Label>
              </Switch.Root>
            </SimpleGrid>
            {/* not a Field: its checkboxes would all take the field's control id */}
            <Stack gap="1.5">
              <Text fontSize="sm" fontWeight="medium">
                {t('connections.dialog.queues')}
              </Text>
              <MultiSelect
                label={t('connections.dialog.queues')}
                options={queues}
                value={values.queueIds}
                onChange={(ids) => set('queueIds', ids)}
                testId="connection-queues"
              />
            </Stack>
            <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
              {select('promptId', toItems(prompts), t('management.none'))}
              {select('integrationId', toItems(integrations), t('management.none'))}
            </SimpleGrid>
            {tokenField}
          </Stack>
        </Tabs.Content>
        <Tabs.Content value="messages">
          <Stack gap="3">
            {MESSAGES.map((key) => (
              <Field.Root key={key}>
                <Field.Label>{t(`connections.dialog.${key}`)}</Field.Label>
                <Textarea name={key} rows={3} value={values[key]} onChange={(e) => set(key, e.target.value)} />
              </Field.Root>
            ))}
          </Stack>
        </Tabs.Content>
        <Tabs.Content value="automation">
          <Stack gap="3">
            <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
              {field('timeSendQueue', { type: 'number', helper: t('connections.dialog.timeSendQueueHint') })}
              {select('sendIdQueue', toItems(queues), t('management.none'))}
              {field('expiresTicket', { type: 'number' })}
              {field('timeUseBotQueues', { type: 'number' })}
              {field('maxUseBotQueues', { type: 'number' })}
            </SimpleGrid>
          </Stack>
        </Tabs.Content>
        <Tabs.Content value="provider">
          <Stack gap="3">
            {select(
              'provider',
              PROVIDERS.map((p) => ({ value: p, label: t(`connections.dialog.providers.${p}`) })),
            )}
            {values.provider === 'cloud-api' && (
              <>
                {field('cloudPhoneNumberId')}
                {(['cloudAccessToken', 'cloudAppSecret', 'cloudVerifyToken'] as const).map((key) =>
                  field(key, {
                    type: 'password',
                    ...(connection ? { placeholder: t('connections.dialog.keepSecret') } : {}),
                  }),
                )}
                {connection?.webhookUrl && (
                  <Field.Root>
                    <Field.Label>{t('connections.dialog.webhookUrl')}</Field.Label>
                    <Text fontSize="sm" fontFamily="mono" wordBreak="break-all">
                      {connection.webhookUrl}
                    </Text>
                  </Field.Root>
                )}
              </>
            )}
          </Stack>
        </Tabs.Content>
      </Tabs.Root>
    </FormDialog>
  );
}
