import { Badge, Box, Button, Field, HStack, Input, SimpleGrid, Text } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../components/toaster';
import { toastError, validationDetails } from '../../../lib/errors';
import {
  useGetAssistSettingsQuery,
  useRemoveAssistSettingsMutation,
  useSaveAssistSettingsMutation,
} from '../api/assist-settings-api';

/**
 * The company's OpenAI-compatible endpoint for the agents' summaries and suggestions (admins): base URL, key
 * (shown masked; sent back masked it stays) and model. Removing it stops everything being sent. Until the stored
 * settings have arrived the card says nothing about them and cannot be edited, so their arrival replaces nothing typed.
 */
export function AssistSettingsCard() {
  const { t } = useTranslation();
  const { data } = useGetAssistSettingsQuery();
  const [save, saving] = useSaveAssistSettingsMutation();
  const [remove, removing] = useRemoveAssistSettingsMutation();
  const [form, setForm] = useState({ baseUrl: '', apiKey: '', model: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});

  useEffect(() => {
    if (data) setForm({ baseUrl: data.baseUrl, apiKey: data.apiKey, model: data.model });
  }, [data]);

  const submit = async () => {
    setErrors({});
    try {
      await save(form).unwrap();
      notify('success', t('assist.settings.saved'));
    } catch (error) {
      const fields = validationDetails(error);
      if (fields.length > 0) setErrors(Object.fromEntries(fields.map((field) => [field.path, field.message])));
      else toastError(error);
    }
  };

  const field = (name: 'baseUrl' | 'apiKey' | 'model', label: string, props: Record<string, unknown> = {}) => (
    <Field.Root invalid={Boolean(errors[name])}>
      <Field.Label>{label}</Field.Label>
      <Input
        size="sm"
        value={form[name]}
        onChange={(event) => setForm({ ...form, [name]: event.target.value })}
        data-testid={`assist-${name}`}
        disabled={!data}
        {...props}
      />
      <Field.ErrorText>{errors[name]}</Field.ErrorText>
    </Field.Root>
  );

  return (
    <Box borderWidth="1px" borderRadius="md" p="3" mb="3" data-testid="assist-settings">
      <HStack justify="space-between" mb="1">
        <Text fontWeight="semibold">{t('assist.settings.title')}</Text>
        {data && (
          <Badge colorPalette={data.configured ? 'green' : 'gray'}>
            {data.configured ? t('assist.settings.configured') : t('assist.settings.notConfigured')}
          </Badge>
        )}
      </HStack>
      <Text fontSize="sm" color="fg.muted" mb="2">
        {t('assist.settings.help')}
      </Text>
      <SimpleGrid columns={{ base: 1, md: 3 }} gap="2">
        {field('baseUrl', t('assist.settings.baseUrl'), { placeholder: t('assist.settings.baseUrlHint') })}
        {field('apiKey', t('assist.settings.apiKey'), { type: 'password', autoComplete: 'off' })}
        {field('model', t('assist.settings.model'), { placeholder: 'gpt-4o-mini' })}
      </SimpleGrid>
      <HStack mt="2" justify="flex-end">
        {data?.configured && (
          <Button
            size="sm"
            variant="ghost"
            loading={removing.isLoading}
            onClick={() =>
              void remove()
                .unwrap()
                .then(() => notify('info', t('assist.settings.removed')), toastError)
            }
          >
            {t('assist.settings.remove')}
          </Button>
        )}
        <Button
          size="sm"
          colorPalette="teal"
          loading={saving.isLoading}
          disabled={!data}
          onClick={() => void submit()}
          data-testid="assist-save"
        >
          {t('assist.settings.save')}
        </Button>
      </HStack>
    </Box>
  );
}
