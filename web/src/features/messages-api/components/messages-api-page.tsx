import { Box, Button, Code, Field, Input, NativeSelect, Stack, Tabs, Text, Textarea } from '@chakra-ui/react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useListConnectionsQuery } from '../../../api/endpoints/company';
import { Page } from '../../../components/page';
import { notify } from '../../../components/toaster';
import { env } from '../../../lib/env';
import { toastError } from '../../../lib/errors';
import { validateForm } from '../../../lib/form';
import { ACCEPTED_MEDIA, sendExternalMessage } from '../api/messages-api';
import { messagesApiFormSchema } from '../utils/messages-api-form';

/** Where the external API is reached (the gateway's public URL as this page sees it). */
export const sendUrl = (): string => new URL(`${env.VITE_API_URL}/api/messages/send`, window.location.origin).href;

/** The example request shown for a token (the spec's JSON body; multipart for media). */
export function curlExample(url: string, token: string, media: boolean): string {
  const auth = `-H "Authorization: Bearer ${token || '<token>'}"`;
  return media
    ? `curl -X POST ${url} \\\n  ${auth} \\\n  -F number=5511999999999 \\\n  -F body="Segue o arquivo" \\\n  -F medias=@arquivo.pdf`
    : `curl -X POST ${url} \\\n  ${auth} \\\n  -H "Content-Type: application/json" \\\n  -d '{"number":"5511999999999","body":"Olá!"}'`;
}

/** `/messages-api` (plan useExternalApi): the two tabs (text, media) with a test form and the curl example. */
export function MessagesApiPage() {
  const { t } = useTranslation();
  const { data: connections = [] } = useListConnectionsQuery();
  const [connectionId, setConnectionId] = useState<number | null>(null);
  const connection = connections.find((item) => item.id === connectionId) ?? connections[0];
  const [tab, setTab] = useState('text');
  const [values, setValues] = useState({ token: '', number: '', body: '' });
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [sending, setSending] = useState(false);
  const url = useMemo(() => sendUrl(), []);
  // the server shows a token only once (when it is generated): the example uses the one typed here
  const exampleToken = values.token.trim();
  const withoutToken = (connection as { hasToken?: boolean } | undefined)?.hasToken === false;

  const submit = async () => {
    const result = validateForm(messagesApiFormSchema(t, tab === 'media' ? 'media' : 'text'), values);
    const fileError = tab === 'media' && !file ? { file: t('messagesApi.fileRequired') } : {};
    if (!result.ok || Object.keys(fileError).length > 0) {
      setErrors({ ...(result.ok ? {} : result.errors), ...fileError });
      return;
    }
    setErrors({});
    setSending(true);
    try {
      await sendExternalMessage(url, result.data, tab === 'media' ? file : null);
      notify('success', t('messagesApi.sent'));
    } catch (error) {
      toastError(error);
    } finally {
      setSending(false);
    }
  };

  const field = (key: 'token' | 'number' | 'body', label: string) => (
    <Field.Root invalid={Boolean(errors[key])}>
      <Field.Label>{label}</Field.Label>
      {key === 'body' ? (
        <Textarea
          name={key}
          rows={3}
          value={values[key]}
          onChange={(e) => setValues((v) => ({ ...v, [key]: e.target.value }))}
        />
      ) : (
        <Input name={key} value={values[key]} onChange={(e) => setValues((v) => ({ ...v, [key]: e.target.value }))} />
      )}
      {errors[key] && <Field.ErrorText>{errors[key]}</Field.ErrorText>}
    </Field.Root>
  );

  return (
    <Page title={t('messagesApi.title')} testId="messages-api-page">
      <Box flex="1" minH="0" overflowY="auto">
        <Stack gap="4" maxW="3xl" pb="6">
          <Text color="fg.muted">{t('messagesApi.intro')}</Text>
          <Field.Root>
            <Field.Label>{t('messagesApi.connection')}</Field.Label>
            <NativeSelect.Root size="sm" maxW="sm">
              <NativeSelect.Field
                aria-label={t('messagesApi.connection')}
                value={connection ? String(connection.id) : ''}
                onChange={(e) => setConnectionId(Number(e.target.value))}
              >
                {connections.map((item) => (
                  <option key={item.id} value={String(item.id)}>
                    {item.name}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
            {connection && withoutToken && <Field.HelperText>{t('messagesApi.noToken')}</Field.HelperText>}
          </Field.Root>
          <Tabs.Root value={tab} onValueChange={(e) => setTab(e.value)} variant="line" size="sm">
            <Tabs.List>
              <Tabs.Trigger value="text">{t('messagesApi.textTab')}</Tabs.Trigger>
              <Tabs.Trigger value="media">{t('messagesApi.mediaTab')}</Tabs.Trigger>
            </Tabs.List>
            {(['text', 'media'] as const).map((kind) => (
              <Tabs.Content key={kind} value={kind}>
                <Stack gap="4">
                  <Box>
                    <Text fontWeight="semibold" mb="1">
                      {t('messagesApi.example')}
                    </Text>
                    <Code
                      display="block"
                      whiteSpace="pre-wrap"
                      p="3"
                      rounded="md"
                      fontSize="xs"
                      data-testid={`curl-${kind}`}
                    >
                      {curlExample(url, exampleToken, kind === 'media')}
                    </Code>
                  </Box>
                  <form
                    noValidate
                    onSubmit={(event) => {
                      event.preventDefault();
                      void submit();
                    }}
                  >
                    <Stack gap="3">
                      {field('token', t('messagesApi.token'))}
                      {field('number', t('messagesApi.number'))}
                      {field('body', t('messagesApi.body'))}
                      {kind === 'media' && (
                        <Field.Root invalid={Boolean(errors.file)}>
                          <Field.Label>{t('messagesApi.file')}</Field.Label>
                          <Input
                            type="file"
                            p="1"
                            accept={ACCEPTED_MEDIA}
                            data-testid="media-input"
                            onChange={(e) => setFile(e.target.files?.[0] ?? null)}
                          />
                          {errors.file && <Field.ErrorText>{errors.file}</Field.ErrorText>}
                        </Field.Root>
                      )}
                      <Button type="submit" colorPalette="teal" alignSelf="start" loading={sending}>
                        {t('messagesApi.send')}
                      </Button>
                    </Stack>
                  </form>
                </Stack>
              </Tabs.Content>
            ))}
          </Tabs.Root>
        </Stack>
      </Box>
    </Page>
  );
}
