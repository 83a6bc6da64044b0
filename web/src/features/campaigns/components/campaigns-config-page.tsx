import { Button, Card, Field, Heading, HStack, IconButton, Input, SimpleGrid, Stack, Table } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type CampaignSettings,
  DEFAULT_CAMPAIGN_SETTINGS,
  LONGER_INTERVAL_OPTIONS,
  MESSAGE_INTERVAL_OPTIONS,
} from '@cs/proto/http';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { AddIcon, DeleteIcon } from '../../../components/icons';
import { Page } from '../../../components/page';
import { notify } from '../../../components/toaster';
import { toastError } from '../../../lib/errors';
import {
  type CampaignSettingEntry,
  type CampaignVariable,
  useGetCampaignSettingsQuery,
  useSaveCampaignSettingsMutation,
} from '../api/campaigns-api';
import { SelectField } from './select-field';

type Intervals = Omit<CampaignSettings, 'variables'>;

/** The spec's defaults (§9) until the saved settings arrive. */
const { variables: _noVariables, ...DEFAULT_INTERVALS } = DEFAULT_CAMPAIGN_SETTINGS;

/** `/campaigns-config`: the three interval selects (spec §9 options and defaults) and the custom variables. */
export function CampaignsConfigPage() {
  const { t } = useTranslation();
  const { data } = useGetCampaignSettingsQuery();
  const [save, saving] = useSaveCampaignSettingsMutation();
  const [intervals, setIntervals] = useState<Intervals>({ ...DEFAULT_INTERVALS });
  const [variables, setVariables] = useState<CampaignVariable[]>([]);
  const [draft, setDraft] = useState<CampaignVariable>({ key: '', value: '' });
  const [draftError, setDraftError] = useState('');
  const [deleting, setDeleting] = useState<string | null>(null);

  useEffect(() => {
    if (!data) return;
    const value = (key: CampaignSettingEntry['key']) => data.find((entry) => entry.key === key)?.value;
    setIntervals({
      messageInterval: Number(value('messageInterval') ?? DEFAULT_INTERVALS.messageInterval),
      longerIntervalAfter: Number(value('longerIntervalAfter') ?? DEFAULT_INTERVALS.longerIntervalAfter),
      greaterInterval: Number(value('greaterInterval') ?? DEFAULT_INTERVALS.greaterInterval),
    });
    const stored = value('variables');
    setVariables(Array.isArray(stored) ? stored : []);
  }, [data]);

  const seconds = (n: number) => ({
    value: String(n),
    label: n === 0 ? t('campaignsConfig.noInterval') : t('campaignsConfig.seconds', { count: n }),
  });
  const messages = (n: number) => ({
    value: String(n),
    label: n === 0 ? t('campaignsConfig.notDefined') : t('campaignsConfig.afterMessages', { count: n }),
  });

  const addVariable = () => {
    const key = draft.key.trim();
    if (!key) return setDraftError(t('common.required'));
    // added only if its shortcut is not already there (spec §5)
    if (variables.some((variable) => variable.key === key)) return setDraftError(t('campaignsConfig.duplicate'));
    setVariables((list) => [...list, { key, value: draft.value }]);
    setDraft({ key: '', value: '' });
    setDraftError('');
  };

  const submit = async () => {
    try {
      await save({ ...intervals, variables }).unwrap();
      notify('success', t('campaignsConfig.saved'));
    } catch (error) {
      toastError(error);
    }
  };

  return (
    <Page
      title={t('campaignsConfig.title')}
      actions={
        <Button
          size="sm"
          colorPalette="teal"
          loading={saving.isLoading}
          onClick={() => void submit()}
          data-testid="campaigns-config-save"
        >
          {t('common.save')}
        </Button>
      }
      testId="campaigns-config-page"
    >
      <Stack gap="4" overflow="auto">
        <Card.Root>
          <Card.Body>
            <Heading size="sm" mb="3">
              {t('campaignsConfig.intervals')}
            </Heading>
            <SimpleGrid columns={{ base: 1, md: 3 }} gap="3">
              <SelectField
                label={t('campaignsConfig.messageInterval')}
                name="messageInterval"
                value={String(intervals.messageInterval)}
                onChange={(v) => setIntervals((i) => ({ ...i, messageInterval: Number(v) }))}
                options={MESSAGE_INTERVAL_OPTIONS.map(seconds)}
              />
              <SelectField
                label={t('campaignsConfig.longerIntervalAfter')}
                name="longerIntervalAfter"
                value={String(intervals.longerIntervalAfter)}
                onChange={(v) => setIntervals((i) => ({ ...i, longerIntervalAfter: Number(v) }))}
                options={LONGER_INTERVAL_OPTIONS.map(messages)}
              />
              <SelectField
                label={t('campaignsConfig.greaterInterval')}
                name="greaterInterval"
                value={String(intervals.greaterInterval)}
                onChange={(v) => setIntervals((i) => ({ ...i, greaterInterval: Number(v) }))}
                options={LONGER_INTERVAL_OPTIONS.map(seconds)}
              />
            </SimpleGrid>
          </Card.Body>
        </Card.Root>
        <Card.Root>
          <Card.Body>
            <Heading size="sm" mb="3">
              {t('campaignsConfig.variables')}
            </Heading>
            <HStack align="flex-end" wrap={{ base: 'wrap', md: 'nowrap' }} gap="2" mb="3">
              <Field.Root invalid={Boolean(draftError)}>
                <Field.Label>{t('campaignsConfig.shortcut')}</Field.Label>
                <Input
                  name="variableKey"
                  value={draft.key}
                  onChange={(e) => setDraft((d) => ({ ...d, key: e.target.value }))}
                />
                {draftError && <Field.ErrorText>{draftError}</Field.ErrorText>}
              </Field.Root>
              <Field.Root>
                <Field.Label>{t('campaignsConfig.content')}</Field.Label>
                <Input
                  name="variableValue"
                  value={draft.value}
                  onChange={(e) => setDraft((d) => ({ ...d, value: e.target.value }))}
                />
              </Field.Root>
              <Button size="sm" variant="outline" onClick={addVariable} data-testid="variable-add">
                <AddIcon /> {t('campaignsConfig.addVariable')}
              </Button>
            </HStack>
            <Table.Root size="sm">
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader>{t('campaignsConfig.shortcut')}</Table.ColumnHeader>
                  <Table.ColumnHeader>{t('campaignsConfig.content')}</Table.ColumnHeader>
                  <Table.ColumnHeader textAlign="end">{t('management.actions')}</Table.ColumnHeader>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {variables.map((variable) => (
                  <Table.Row key={variable.key} data-testid="variable-row">
                    <Table.Cell>{`{${variable.key}}`}</Table.Cell>
                    <Table.Cell>{variable.value}</Table.Cell>
                    <Table.Cell textAlign="end">
                      <IconButton
                        size="sm"
                        variant="ghost"
                        colorPalette="red"
                        aria-label={`${t('campaignsConfig.deleteVariable')} ${variable.key}`}
                        onClick={() => setDeleting(variable.key)}
                      >
                        <DeleteIcon />
                      </IconButton>
                    </Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          </Card.Body>
        </Card.Root>
      </Stack>
      <ConfirmDialog
        open={deleting !== null}
        title={t('campaignsConfig.deleteVariable')}
        body={t('common.deleteConfirm')}
        onConfirm={() => setVariables((list) => list.filter((variable) => variable.key !== deleting))}
        onClose={() => setDeleting(null)}
      />
    </Page>
  );
}
