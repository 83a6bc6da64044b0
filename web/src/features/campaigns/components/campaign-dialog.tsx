import { Alert, Box, Button, Field, HStack, Input, SimpleGrid, Stack, Tabs, Text, Textarea } from '@chakra-ui/react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useListConnectionsQuery, useListTagsQuery } from '../../../api/endpoints/company';
import { FormDialog } from '../../../components/form-dialog';
import { notify } from '../../../components/toaster';
import { toastError } from '../../../lib/errors';
import { serverFieldErrors } from '../../../lib/form';
import {
  type CampaignRecord,
  useCancelCampaignMutation,
  useCreateCampaignMutation,
  useDeleteCampaignMediaMutation,
  useListCampaignContactListsQuery,
  useListCampaignFileListsQuery,
  useRestartCampaignMutation,
  useUpdateCampaignMutation,
  useUploadCampaignMediaMutation,
} from '../api/campaigns-api';
import { campaignToForm, type CampaignForm, formToBody, isEditable, MESSAGE_SLOTS } from '../utils/campaign-form';
import { templateComplete, TemplatePicker } from '../../../components/template-picker';
import { useCloudConnection } from '../../../components/use-cloud-connection';
import { SelectField } from './select-field';
import { useCompanyTimeZone } from '../../../components/use-company-time-zone';

/**
 * The campaign dialog (spec §2): name, confirmation, contact list or tag, connection, schedule, file list, five
 * message tabs (each with its confirmation message when confirmation is on), media attach/remove. Read-only when
 * the campaign is no longer editable; a cancelled one can still be saved and restarted.
 */
export function CampaignDialog({ campaign, onClose }: { campaign: CampaignRecord | null; onClose: () => void }) {
  const { t } = useTranslation();
  const timeZone = useCompanyTimeZone();
  const [form, setForm] = useState<CampaignForm>(() => campaignToForm(campaign, timeZone));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [tab, setTab] = useState('1');
  const [current, setCurrent] = useState(campaign);
  const fileInput = useRef<HTMLInputElement>(null);
  const { data: connections = [] } = useListConnectionsQuery();
  const { data: tags = [] } = useListTagsQuery();
  const { data: lists = [] } = useListCampaignContactListsQuery();
  const { data: fileLists = [] } = useListCampaignFileListsQuery();
  const [create, creating] = useCreateCampaignMutation();
  const [update, updating] = useUpdateCampaignMutation();
  const [upload, uploading] = useUploadCampaignMediaMutation();
  const [removeMedia] = useDeleteCampaignMediaMutation();
  const [cancel] = useCancelCampaignMutation();
  const [restart] = useRestartCampaignMutation();
  const editable = isEditable(current);
  const cloudConnection = useCloudConnection(form.whatsappId ? Number(form.whatsappId) : null);
  // a template belongs to its Cloud API connection: another connection sends the messages
  const template = cloudConnection === null ? null : form.template;
  const set = <K extends keyof CampaignForm>(key: K, value: CampaignForm[K]) =>
    setForm((f) => ({ ...f, [key]: value }));

  const validate = (): Record<string, string> => {
    const found: Record<string, string> = {};
    if (!form.name.trim()) found.name = t('common.required');
    if (!form.whatsappId) found.whatsappId = t('common.required');
    if (!form.contactListId && !form.tagListId) found.contactListId = t('campaigns.dialog.audienceRequired');
    if (template) {
      if (!templateComplete(template)) found.template = t('templates.incomplete');
    } else if (!form.messages.some((m) => m.trim())) found.message1 = t('campaigns.dialog.messageRequired');
    return found;
  };

  const submit = async () => {
    const found = validate();
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    try {
      const body = formToBody({ ...form, template });
      const saved = current ? await update({ id: current.id, ...body }).unwrap() : await create(body).unwrap();
      setCurrent(saved);
      notify('success', t('campaigns.saved'));
      onClose();
    } catch (error) {
      setErrors(serverFieldErrors(error));
      toastError(error);
    }
  };

  const attach = async (file: File | undefined) => {
    if (!file || !current) return;
    try {
      setCurrent(await upload({ id: current.id, file }).unwrap());
    } catch (error) {
      toastError(error);
    }
  };

  const detach = async () => {
    if (!current) return;
    try {
      setCurrent(await removeMedia(current.id).unwrap());
    } catch (error) {
      toastError(error);
    }
  };

  const stop = async () => {
    if (!current) return;
    try {
      await cancel(current.id).unwrap();
      notify('success', t('campaigns.cancelled'));
      onClose();
    } catch (error) {
      toastError(error);
    }
  };

  const resume = async () => {
    if (!current) return;
    try {
      await restart(current.id).unwrap();
      notify('success', t('campaigns.restarted'));
      onClose();
    } catch (error) {
      toastError(error);
    }
  };

  const title = !editable
    ? t('campaigns.dialog.readOnlyTitle')
    : current
      ? t('campaigns.dialog.editTitle')
      : t('campaigns.dialog.addTitle');
  const none = { value: '', label: t('campaigns.dialog.none') };

  return (
    <FormDialog
      title={title}
      onClose={onClose}
      onSubmit={() => void submit()}
      saving={creating.isLoading || updating.isLoading}
      readOnly={!editable}
      size="xl"
      testId="campaign-dialog"
    >
      <Stack gap="4">
        {!editable && (
          <Alert.Root status="info" size="sm">
            <Alert.Indicator />
            <Alert.Title>{t('campaigns.dialog.readOnly')}</Alert.Title>
          </Alert.Root>
        )}
        <fieldset disabled={!editable} style={{ display: 'contents' }}>
          <SimpleGrid columns={{ base: 1, md: 3 }} gap="3">
            <Field.Root required invalid={Boolean(errors.name)}>
              <Field.Label>{t('campaigns.dialog.name')}</Field.Label>
              <Input name="name" value={form.name} onChange={(e) => set('name', e.target.value)} />
              {errors.name && <Field.ErrorText>{errors.name}</Field.ErrorText>}
            </Field.Root>
            <SelectField
              label={t('campaigns.dialog.confirmation')}
              name="confirmation"
              value={form.confirmation ? 'true' : 'false'}
              onChange={(value) => set('confirmation', value === 'true')}
              options={[
                { value: 'false', label: t('campaigns.disabled') },
                { value: 'true', label: t('campaigns.enabled') },
              ]}
            />
            <SelectField
              label={t('campaigns.dialog.whatsapp')}
              name="whatsappId"
              required
              value={form.whatsappId}
              onChange={(value) => set('whatsappId', value)}
              error={errors.whatsappId}
              options={[none, ...connections.map((c) => ({ value: String(c.id), label: c.name }))]}
            />
            <SelectField
              label={t('campaigns.dialog.contactList')}
              name="contactListId"
              value={form.contactListId}
              onChange={(value) => set('contactListId', value)}
              error={errors.contactListId}
              options={[none, ...lists.map((l) => ({ value: String(l.id), label: l.name }))]}
            />
            <SelectField
              label={t('campaigns.dialog.tagList')}
              name="tagListId"
              value={form.tagListId}
              onChange={(value) => set('tagListId', value)}
              options={[none, ...tags.map((tag) => ({ value: String(tag.id), label: tag.name }))]}
            />
            <SelectField
              label={t('campaigns.dialog.fileList')}
              name="fileListId"
              value={form.fileListId}
              onChange={(value) => set('fileListId', value)}
              options={[none, ...fileLists.map((f) => ({ value: String(f.id), label: f.name }))]}
            />
            <Field.Root invalid={Boolean(errors.scheduledAt)}>
              <Field.Label>{t('campaigns.dialog.scheduledAt')}</Field.Label>
              <Input
                name="scheduledAt"
                type="datetime-local"
                value={form.scheduledAt}
                onChange={(e) => set('scheduledAt', e.target.value)}
              />
              <Field.HelperText data-testid="campaign-time-zone">
                {t('campaigns.dialog.timeZone', { zone: timeZone })}
              </Field.HelperText>
              {errors.scheduledAt && <Field.ErrorText>{errors.scheduledAt}</Field.ErrorText>}
            </Field.Root>
          </SimpleGrid>
          {cloudConnection !== null && (
            <Box mb="3">
              <TemplatePicker
                connectionId={cloudConnection}
                value={template}
                onChange={(chosen) => set('template', chosen)}
                greeting="{nome}"
              />
              <Text fontSize="xs" color="fg.muted" mt="2">
                {t('campaigns.dialog.helper')}
              </Text>
              {errors.template && (
                <Text color="fg.error" fontSize="sm" mt="1">
                  {errors.template}
                </Text>
              )}
            </Box>
          )}
          {!template && (
            <Tabs.Root value={tab} onValueChange={(e) => setTab(e.value)} variant="line" size="sm">
              <Tabs.List overflowX="auto">
                {MESSAGE_SLOTS.map((n) => (
                  <Tabs.Trigger key={n} value={String(n)}>
                    {t('campaigns.dialog.tab', { n })}
                  </Tabs.Trigger>
                ))}
              </Tabs.List>
              {MESSAGE_SLOTS.map((n, index) => (
                <Tabs.Content key={n} value={String(n)}>
                  <SimpleGrid columns={{ base: 1, md: form.confirmation ? 2 : 1 }} gap="3">
                    <Field.Root invalid={n === 1 && Boolean(errors.message1)}>
                      <Field.Label>{t('campaigns.dialog.message')}</Field.Label>
                      <Textarea
                        name={`message${n}`}
                        rows={5}
                        value={form.messages[index]}
                        onChange={(e) =>
                          set(
                            'messages',
                            form.messages.map((m, i) => (i === index ? e.target.value : m)),
                          )
                        }
                      />
                      {n === 1 && errors.message1 && <Field.ErrorText>{errors.message1}</Field.ErrorText>}
                    </Field.Root>
                    {form.confirmation && (
                      <Field.Root>
                        <Field.Label>{t('campaigns.dialog.confirmationMessage')}</Field.Label>
                        <Textarea
                          name={`confirmationMessage${n}`}
                          rows={5}
                          value={form.confirmationMessages[index]}
                          onChange={(e) =>
                            set(
                              'confirmationMessages',
                              form.confirmationMessages.map((m, i) => (i === index ? e.target.value : m)),
                            )
                          }
                        />
                      </Field.Root>
                    )}
                  </SimpleGrid>
                  <Text fontSize="xs" color="fg.muted" mt="2">
                    {t('campaigns.dialog.helper')}
                  </Text>
                </Tabs.Content>
              ))}
            </Tabs.Root>
          )}
        </fieldset>
        {current && (
          <HStack wrap="wrap" gap="2" justify="flex-end">
            {current.mediaName && (
              <Box flex="1" minW="40">
                <Text fontSize="sm" data-testid="campaign-media">
                  {current.mediaName}
                </Text>
              </Box>
            )}
            {editable && current.mediaName && (
              <Button size="sm" variant="outline" colorPalette="red" onClick={() => void detach()}>
                {t('campaigns.dialog.removeMedia')}
              </Button>
            )}
            {editable && !current.mediaName && (
              <>
                <input
                  ref={fileInput}
                  type="file"
                  hidden
                  data-testid="campaign-media-input"
                  onChange={(e) => void attach(e.target.files?.[0])}
                />
                <Button
                  size="sm"
                  variant="outline"
                  loading={uploading.isLoading}
                  onClick={() => fileInput.current?.click()}
                >
                  {t('campaigns.dialog.attach')}
                </Button>
              </>
            )}
            {current.status === 'CANCELADA' && (
              <Button size="sm" variant="outline" colorPalette="teal" onClick={() => void resume()}>
                {t('campaigns.dialog.restart')}
              </Button>
            )}
            {current.status === 'EM_ANDAMENTO' && (
              <Button size="sm" variant="outline" colorPalette="red" onClick={() => void stop()}>
                {t('campaigns.dialog.cancel')}
              </Button>
            )}
          </HStack>
        )}
      </Stack>
    </FormDialog>
  );
}
