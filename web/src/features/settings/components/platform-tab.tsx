import { Field, Input, NativeSelect, SimpleGrid } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageLoader } from '../../../components/page-loader';
import { notify } from '../../../components/toaster';
import { toastError } from '../../../lib/errors';
import { useListPlatformSettingsQuery, useUpdatePlatformSettingMutation } from '../api/settings-api';

/**
 * Platform (super users): two-step verification required of every admin and super user, and how many days the
 * audit log keeps its entries (`PUT /platform-settings/{key}`).
 */
export function PlatformTab() {
  const { t } = useTranslation();
  const { data, isLoading } = useListPlatformSettingsQuery();
  const [update] = useUpdatePlatformSettingMutation();
  const valueOf = (key: string) => data?.find((setting) => setting.key === key)?.value ?? '';
  const [days, setDays] = useState('');
  useEffect(() => setDays(valueOf('auditRetentionDays')), [data]); // eslint-disable-line react-hooks/exhaustive-deps
  const save = (key: string, value: string) =>
    update({ key, value })
      .unwrap()
      .then(() => notify('success', t('admin.settings.updated')))
      .catch(toastError);

  if (isLoading) return <PageLoader />;
  return (
    <SimpleGrid columns={{ base: 1, md: 2 }} gap="4" data-testid="settings-platform">
      <Field.Root>
        <Field.Label>{t('admin.settings.platform.twoFactorRequiredForAdmins')}</Field.Label>
        <NativeSelect.Root size="sm">
          <NativeSelect.Field
            name="twoFactorRequiredForAdmins"
            data-testid="platform-twoFactorRequiredForAdmins"
            value={valueOf('twoFactorRequiredForAdmins')}
            onChange={(e) => void save('twoFactorRequiredForAdmins', e.target.value)}
          >
            {['disabled', 'enabled'].map((option) => (
              <option key={option} value={option}>
                {t(`admin.settings.values.${option}`)}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </Field.Root>
      <Field.Root>
        <Field.Label>{t('admin.settings.platform.auditRetentionDays')}</Field.Label>
        <Input
          size="sm"
          name="auditRetentionDays"
          data-testid="platform-auditRetentionDays"
          inputMode="numeric"
          value={days}
          onChange={(e) => setDays(e.target.value)}
          onBlur={() => {
            if (days !== valueOf('auditRetentionDays')) void save('auditRetentionDays', days.trim());
          }}
        />
        <Field.HelperText>{t('admin.settings.platform.auditRetentionHint')}</Field.HelperText>
      </Field.Root>
    </SimpleGrid>
  );
}
