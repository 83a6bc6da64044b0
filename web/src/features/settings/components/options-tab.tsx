import { Field, Heading, Input, NativeSelect, SimpleGrid, Stack, Tabs } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Setting } from '../../../api/types';
import { notify } from '../../../components/toaster';
import { useUpdateSettingMutation } from '../api/settings-api';
import {
  changedValue,
  GENERAL_SETTINGS,
  INTEGRATION_GROUPS,
  isMasked,
  RETENTION_SETTING,
  SECRET_KEYS,
} from '../utils/settings-form';

function useSaveSetting() {
  const { t } = useTranslation();
  const [update] = useUpdateSettingMutation();
  return async (key: string, value: string) => {
    try {
      await update({ key, value }).unwrap();
      notify('success', t('admin.settings.updated'));
    } catch {
      notify('error', t('admin.settings.updateFailed'));
    }
  };
}

function ChoiceField({
  settingKey,
  options,
  value,
}: {
  settingKey: string;
  options: readonly string[];
  value: string;
}) {
  const { t } = useTranslation();
  const save = useSaveSetting();
  const [current, setCurrent] = useState(value);
  useEffect(() => setCurrent(value), [value]);
  return (
    <Field.Root>
      <Field.Label>{t(`admin.settings.keys.${settingKey}`)}</Field.Label>
      <NativeSelect.Root size="sm">
        <NativeSelect.Field
          name={settingKey}
          data-testid={`setting-${settingKey}`}
          value={current}
          onChange={(e) => {
            setCurrent(e.target.value);
            void save(settingKey, e.target.value);
          }}
        >
          {options.map((option) => (
            <option key={option} value={option}>
              {t(`admin.settings.values.${option}`)}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  );
}

/** A text key: saved when it loses focus, and only when the user changed it (a masked secret is never echoed). */
function TextField({ settingKey, stored }: { settingKey: string; stored: string | undefined }) {
  const { t } = useTranslation();
  const save = useSaveSetting();
  const masked = isMasked(stored);
  const [draft, setDraft] = useState(masked ? '' : (stored ?? ''));
  useEffect(() => setDraft(isMasked(stored) ? '' : (stored ?? '')), [stored]);
  return (
    <Field.Root>
      <Field.Label>{t(`admin.settings.keys.${settingKey}`)}</Field.Label>
      <Input
        size="sm"
        name={settingKey}
        data-testid={`setting-${settingKey}`}
        type={SECRET_KEYS.has(settingKey) ? 'password' : 'text'}
        autoComplete="off"
        value={draft}
        placeholder={masked ? stored : ''}
        onChange={(e) => setDraft(e.target.value)}
        onBlur={() => {
          const value = changedValue(stored, draft);
          if (value !== null) void save(settingKey, value);
        }}
      />
      {masked && <Field.HelperText>{t('admin.settings.maskedHint')}</Field.HelperText>}
    </Field.Root>
  );
}

/** Options: the General and Integrations sub-tabs, each setting saved on change with `PUT /settings/{key}`. */
export function OptionsTab({ settings }: { settings: Setting[] }) {
  const { t } = useTranslation();
  const valueOf = (key: string) => settings.find((s) => s.key === key)?.value;
  return (
    <Tabs.Root defaultValue="general" variant="subtle" size="sm">
      <Tabs.List>
        <Tabs.Trigger value="general">{t('admin.settings.general')}</Tabs.Trigger>
        <Tabs.Trigger value="integrations">{t('admin.settings.integrations')}</Tabs.Trigger>
      </Tabs.List>
      <Tabs.Content value="general">
        <SimpleGrid columns={{ base: 1, md: 2, xl: 3 }} gap="4" data-testid="settings-general">
          {GENERAL_SETTINGS.map(({ key, options }) => (
            <ChoiceField key={key} settingKey={key} options={options} value={valueOf(key) ?? options[0]!} />
          ))}
          <TextField settingKey={RETENTION_SETTING} stored={valueOf(RETENTION_SETTING)} />
        </SimpleGrid>
      </Tabs.Content>
      <Tabs.Content value="integrations">
        <Stack gap="6" data-testid="settings-integrations">
          {INTEGRATION_GROUPS.map(({ group, keys }) => (
            <Stack key={group} gap="3">
              <Heading size="sm">{t(`admin.settings.groups.${group}`)}</Heading>
              <SimpleGrid columns={{ base: 1, md: 2, xl: 3 }} gap="4">
                {keys.map((key) => (
                  <TextField key={key} settingKey={key} stored={valueOf(key)} />
                ))}
              </SimpleGrid>
            </Stack>
          ))}
        </Stack>
      </Tabs.Content>
    </Tabs.Root>
  );
}
