import { Box, Tabs } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useListSettingsQuery } from '../../../api/endpoints/company';
import { useAppSelector } from '../../../app/hooks';
import { Page } from '../../../components/page';
import { PageLoader } from '../../../components/page-loader';
import { notify } from '../../../components/toaster';
import { CompaniesTab } from './companies-tab';
import { CompanySchedulesTab } from './company-schedules-tab';
import { HelpsTab } from './helps-tab';
import { OptionsTab } from './options-tab';
import { PlansTab } from './plans-tab';
import { PlatformTab } from './platform-tab';

/**
 * `/settings` (spec §2): Options always; Schedules only while `scheduleType` is company (leaving company mode
 * while on it returns to Options); Companies, Plans, Help and Platform for super users. Kept live by the settings socket.
 */
export function SettingsPage() {
  const { t } = useTranslation();
  const user = useAppSelector((s) => s.session.user);
  const { data: settings, isLoading, isError } = useListSettingsQuery();
  const [tab, setTab] = useState('options');
  const companyHours = settings?.find((s) => s.key === 'scheduleType')?.value === 'company';
  useEffect(() => {
    if (tab === 'schedules' && !companyHours) setTab('options');
  }, [tab, companyHours]);
  useEffect(() => {
    if (isError) notify('error', t('admin.settings.loadFailed'));
  }, [isError, t]);

  if (!user) return null;
  return (
    <Page title={t('admin.settings.title')} testId="settings-page">
      <Tabs.Root
        value={tab}
        onValueChange={(e) => setTab(e.value)}
        variant="line"
        lazyMount
        unmountOnExit
        display="flex"
        flexDirection="column"
        flex="1"
        minH="0"
      >
        <Tabs.List overflowX="auto" flexShrink={0}>
          <Tabs.Trigger value="options">{t('admin.settings.tabs.options')}</Tabs.Trigger>
          {companyHours && <Tabs.Trigger value="schedules">{t('admin.settings.tabs.schedules')}</Tabs.Trigger>}
          {user.super && (
            <>
              <Tabs.Trigger value="companies">{t('admin.settings.tabs.companies')}</Tabs.Trigger>
              <Tabs.Trigger value="plans">{t('admin.settings.tabs.plans')}</Tabs.Trigger>
              <Tabs.Trigger value="helps">{t('admin.settings.tabs.helps')}</Tabs.Trigger>
              <Tabs.Trigger value="platform">{t('admin.settings.tabs.platform')}</Tabs.Trigger>
            </>
          )}
        </Tabs.List>
        <Box
          flex="1"
          minH="0"
          overflow="auto"
          bg="bg.panel"
          borderRadius="md"
          borderWidth="1px"
          mt="2"
          p={{ base: '2', md: '4' }}
        >
          <Tabs.Content value="options" pt="0">
            {isLoading ? <PageLoader /> : <OptionsTab settings={settings ?? []} />}
          </Tabs.Content>
          {companyHours && (
            <Tabs.Content value="schedules" pt="0">
              <CompanySchedulesTab companyId={user.companyId} />
            </Tabs.Content>
          )}
          {user.super && (
            <>
              <Tabs.Content value="companies" pt="0" h="full">
                <CompaniesTab />
              </Tabs.Content>
              <Tabs.Content value="plans" pt="0" h="full">
                <PlansTab />
              </Tabs.Content>
              <Tabs.Content value="helps" pt="0" h="full">
                <HelpsTab />
              </Tabs.Content>
              <Tabs.Content value="platform" pt="0">
                <PlatformTab />
              </Tabs.Content>
            </>
          )}
        </Box>
      </Tabs.Root>
    </Page>
  );
}
