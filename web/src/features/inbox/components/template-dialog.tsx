import { Box, Field, Input, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { skipToken } from '@reduxjs/toolkit/query';
import { type MessageTemplate, renderCloudTemplate } from '@cs/proto/http';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Ticket } from '../../../api/types';
import { FormDialog } from '../../../components/form-dialog';
import { toastError } from '../../../lib/errors';
import { useListMessageTemplatesQuery, useSendTemplateMutation } from '../api/templates-api';
import { prefilledValues } from '../utils/service-window';
import { applyVariables } from '../utils/variables';

type Values = { header: string[]; body: string[] };

/**
 * "Modelos": the connection's approved Cloud API templates; the chosen one's header and body values (prefilled,
 * message variables allowed) and a preview of what the customer receives; sent with `POST /messages/{id}/template`.
 */
export function TemplateDialog({ ticket, onClose }: { ticket: Ticket; onClose: () => void }) {
  const { t } = useTranslation();
  const { data, isLoading } = useListMessageTemplatesQuery(ticket.whatsappId ?? skipToken);
  const [send, sending] = useSendTemplateMutation();
  const approved = useMemo(() => (data?.templates ?? []).filter((template) => template.status === 'APPROVED'), [data]);
  const [chosenId, setChosenId] = useState<number | null>(null);
  const [values, setValues] = useState<Values>({ header: [], body: [] });
  const chosen = approved.find((template) => template.id === chosenId) ?? null;

  const choose = (template: MessageTemplate | null) => {
    setChosenId(template?.id ?? null);
    setValues(template ? prefilledValues(template.variables) : { header: [], body: [] });
  };

  const context = { contactName: ticket.contact.name, ticketId: ticket.id };
  const preview = chosen
    ? renderCloudTemplate(chosen.components, {
        header: values.header.map((value) => applyVariables(value, context)),
        body: values.body.map((value) => applyVariables(value, context)),
      })
    : '';
  const complete = chosen !== null && [...values.header, ...values.body].every((value) => value.trim() !== '');

  const submit = async () => {
    if (!chosen || !complete) return;
    try {
      await send({
        ticketId: ticket.id,
        name: chosen.name,
        language: chosen.language,
        components: chosen.components,
        values,
      }).unwrap();
      onClose();
    } catch (error) {
      toastError(error);
    }
  };

  const setValue = (part: keyof Values, index: number, value: string) =>
    setValues((current) => ({ ...current, [part]: current[part].map((old, i) => (i === index ? value : old)) }));

  return (
    <FormDialog
      title={t('templates.title')}
      onClose={onClose}
      onSubmit={() => void submit()}
      saving={sending.isLoading}
      submitLabel={t('templates.send')}
      submitTestId="template-send"
      submitDisabled={!complete}
      size="lg"
      testId="template-dialog"
    >
      <Stack gap="3">
        {!isLoading && approved.length === 0 && <Text color="fg.muted">{t('templates.none')}</Text>}
        {approved.length > 0 && (
          <Field.Root required>
            <Field.Label>{t('templates.template')}</Field.Label>
            <NativeSelect.Root size="sm">
              <NativeSelect.Field
                data-testid="template-select"
                value={chosenId === null ? '' : String(chosenId)}
                onChange={(e) =>
                  choose(approved.find((template) => String(template.id) === e.currentTarget.value) ?? null)
                }
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
        {(['header', 'body'] as const).map((part) =>
          values[part].map((value, index) => (
            <Field.Root key={`${part}-${index}`} required>
              <Field.Label>{t(`templates.${part}Value`, { n: index + 1 })}</Field.Label>
              <Input
                size="sm"
                value={value}
                data-testid={`template-${part}-${index + 1}`}
                onChange={(e) => setValue(part, index, e.currentTarget.value)}
              />
            </Field.Root>
          )),
        )}
        {chosen && (
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
              {preview}
            </Box>
          </Box>
        )}
      </Stack>
    </FormDialog>
  );
}
