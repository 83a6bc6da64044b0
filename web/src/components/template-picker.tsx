import { Box, Button, Field, HStack, Input, NativeSelect, Stack, Text } from '@chakra-ui/react';
import {
  type CampaignTemplate,
  type MessageTemplate,
  renderCloudTemplate,
  templateHeaderMedia,
  templateUrlButtons,
} from '@cs/proto/http';
import { useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useListMessageTemplatesQuery, useUploadTemplateMediaMutation } from '../api/endpoints/templates';
import { toastError } from '../lib/errors';
import { prefilledValues } from '../lib/cloud-templates';

/**
 * A chosen Cloud API template with its header and body values, its media header's address and its URL buttons'
 * suffixes (what schedules, campaigns and the chat send).
 */
export type ChosenTemplate = CampaignTemplate;

type Part = 'header' | 'body' | 'buttons';

const sameTemplate = (template: MessageTemplate, chosen: ChosenTemplate | null): boolean =>
  chosen !== null && template.name === chosen.name && template.language === chosen.language;

/** What Meta takes in a media header, per kind (the server checks the bytes). */
const MEDIA_ACCEPT = {
  image: 'image/jpeg,image/png',
  video: 'video/mp4,video/3gpp',
  document: 'application/pdf',
} as const;

const HTTP_URL = /^https?:\/\/\S+$/i;

/** Every value of a chosen template is filled, a media header's address too (what a send needs). */
export const templateComplete = (chosen: ChosenTemplate | null): boolean =>
  chosen !== null &&
  [...chosen.values.header, ...chosen.values.body, ...chosen.values.buttons].every((value) => value.trim() !== '') &&
  (templateHeaderMedia(chosen.components) === null || HTTP_URL.test(chosen.values.headerMedia ?? ''));

/**
 * A connection's approved Cloud API templates (`GET /whatsapp/{id}/templates`) to choose from, the chosen one's
 * header and body values (prefilled, message variables allowed) and a preview of what the customer receives, each
 * value shown through `renderValue` (the variables filled for the contact).
 */
export function TemplatePicker({
  connectionId,
  value,
  onChange,
  renderValue = (text) => text,
  greeting = '{{firstName}}',
  disabled = false,
}: {
  connectionId: number;
  value: ChosenTemplate | null;
  onChange: (chosen: ChosenTemplate | null) => void;
  renderValue?: (text: string) => string;
  /** The body's first value when a template is chosen: the contact's name in the caller's variables. */
  greeting?: string;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const { data, isLoading } = useListMessageTemplatesQuery(connectionId);
  const approved = useMemo(() => (data?.templates ?? []).filter((template) => template.status === 'APPROVED'), [data]);
  const selected = approved.find((template) => sameTemplate(template, value));

  const choose = (template: MessageTemplate | undefined) =>
    onChange(
      template
        ? {
            name: template.name,
            language: template.language,
            components: template.components,
            values: {
              ...prefilledValues(template.variables, greeting),
              headerMedia: templateHeaderMedia(template.components) ? '' : null,
              buttons: templateUrlButtons(template.components).map(() => ''),
            },
          }
        : null,
    );

  const fileInput = useRef<HTMLInputElement>(null);
  const [upload, uploading] = useUploadTemplateMediaMutation();
  const setHeaderMedia = (headerMedia: string) => {
    if (value) onChange({ ...value, values: { ...value.values, headerMedia } });
  };
  /** The file is stored by the platform; its address is the header's (the connector uploads it to Meta). */
  const uploadFile = async (file: File) => {
    try {
      setHeaderMedia((await upload(file).unwrap()).url);
    } catch (error) {
      toastError(error);
    }
  };

  const setValue = (part: Part, index: number, text: string) => {
    if (!value) return;
    const values = { ...value.values, [part]: value.values[part].map((old, i) => (i === index ? text : old)) };
    onChange({ ...value, values });
  };

  const media = value ? templateHeaderMedia(value.components) : null;
  const buttons = value ? (value.components.find((c) => c.type.toUpperCase() === 'BUTTONS')?.buttons ?? []) : [];
  const urlButtons = value ? templateUrlButtons(value.components) : [];

  const preview = value
    ? renderCloudTemplate(value.components, {
        header: value.values.header.map(renderValue),
        body: value.values.body.map(renderValue),
      })
    : '';

  return (
    <Stack gap="3" data-testid="template-picker">
      {!isLoading && approved.length === 0 && <Text color="fg.muted">{t('templates.none')}</Text>}
      {approved.length > 0 && (
        <Field.Root required>
          <Field.Label>{t('templates.template')}</Field.Label>
          <NativeSelect.Root size="sm" disabled={disabled}>
            <NativeSelect.Field
              data-testid="template-select"
              value={selected ? String(selected.id) : ''}
              onChange={(e) => choose(approved.find((template) => String(template.id) === e.currentTarget.value))}
            >
              <option value="">{t('templates.choose')}</option>
              {approved.map((template) => (
                <option key={template.id} value={template.id}>
                  {`${template.name} (${template.language})`}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
      )}
      {value && media && (
        <Field.Root
          required
          invalid={value.values.headerMedia !== '' && !HTTP_URL.test(value.values.headerMedia ?? '')}
        >
          <Field.Label>{t('templates.headerMedia', { kind: t(`templates.media.${media}`) })}</Field.Label>
          <HStack w="full">
            <Input
              size="sm"
              type="url"
              placeholder="https://"
              value={value.values.headerMedia ?? ''}
              readOnly={disabled}
              data-testid="template-header-media"
              onChange={(e) => setHeaderMedia(e.currentTarget.value.trim())}
            />
            <input
              ref={fileInput}
              type="file"
              hidden
              accept={MEDIA_ACCEPT[media]}
              data-testid="template-header-file"
              onChange={(e) => {
                const file = e.currentTarget.files?.[0];
                e.currentTarget.value = '';
                if (file) void uploadFile(file);
              }}
            />
            <Button
              size="sm"
              variant="outline"
              disabled={disabled}
              loading={uploading.isLoading}
              data-testid="template-header-upload"
              onClick={() => fileInput.current?.click()}
            >
              {t('templates.upload')}
            </Button>
          </HStack>
          <Field.HelperText>{t('templates.headerMediaHelp')}</Field.HelperText>
        </Field.Root>
      )}
      {value &&
        (['header', 'body'] as const).map((part) =>
          value.values[part].map((text, index) => (
            <Field.Root key={`${part}-${index}`} required>
              <Field.Label>{t(`templates.${part}Value`, { n: index + 1 })}</Field.Label>
              <Input
                size="sm"
                value={text}
                readOnly={disabled}
                data-testid={`template-${part}-${index + 1}`}
                onChange={(e) => setValue(part, index, e.currentTarget.value)}
              />
            </Field.Root>
          )),
        )}
      {value &&
        value.values.buttons.map((text, index) => {
          const button = buttons[urlButtons[index] ?? -1];
          return (
            <Field.Root key={`button-${index}`} required>
              <Field.Label>{t('templates.buttonValue', { label: button?.text ?? index + 1 })}</Field.Label>
              <Input
                size="sm"
                value={text}
                readOnly={disabled}
                data-testid={`template-button-${index + 1}`}
                onChange={(e) => setValue('buttons', index, e.currentTarget.value)}
              />
              {button?.url && (
                <Field.HelperText>{button.url.replace(/\{\{\s*1\s*\}\}/, renderValue(text) || '…')}</Field.HelperText>
              )}
            </Field.Root>
          );
        })}
      {value && (
        <Box>
          <Text fontSize="sm" fontWeight="semibold" mb="1">
            {t('templates.preview')}
          </Text>
          <Box
            bg="chat.outbound.bg"
            borderRadius="md"
            px="3"
            py="2"
            whiteSpace="pre-wrap"
            fontSize="sm"
            data-testid="template-preview"
          >
            {media && value.values.headerMedia && (
              <Text fontSize="xs" color="fg.muted" data-testid="template-preview-media">
                {`[${t(`templates.media.${media}`)}] ${value.values.headerMedia}`}
              </Text>
            )}
            {preview}
          </Box>
        </Box>
      )}
    </Stack>
  );
}
