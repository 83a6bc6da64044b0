import type { TemplateSend } from '@cs/proto/events';
import {
  cloudTemplateSend,
  renderCloudTemplate,
  type SendTemplateMessageInput,
  templateValueMismatches,
} from '@cs/proto/http';
import { DomainError } from '@cs/platform/errors';
import { renderTemplate, type TemplateContext } from './message-template.js';

/**
 * A chosen Cloud API template must get exactly as many header and body values as it takes, its media header's
 * address, and a suffix per URL button that takes one (`ERR_VALIDATION`).
 */
export function assertTemplateValues(input: Pick<SendTemplateMessageInput, 'components' | 'values'>): void {
  const [mismatch] = templateValueMismatches(input.components, input.values);
  if (!mismatch) return;
  const { part, expected, given } = mismatch;
  throw new DomainError('ERR_VALIDATION', {
    message: `values.${part}: the template takes ${expected} value(s), ${given} given`,
    details: [{ path: `values.${part}`, message: `O modelo pede ${expected} valor(es).` }],
  });
}

/** A media header naming another company's stored file is refused like a wrong value (`ERR_VALIDATION`). */
export function assertOwnHeaderMedia(
  input: Pick<SendTemplateMessageInput, 'values'>,
  isOtherCompanys: (url: string) => boolean,
): void {
  const url = input.values.headerMedia;
  if (!url || !isOtherCompanys(url)) return;
  throw new DomainError('ERR_VALIDATION', {
    message: 'values.headerMedia: not a file of this company',
    details: [{ path: 'values.headerMedia', message: 'Arquivo não encontrado.' }],
  });
}

/**
 * A chosen template ready to send: its values with the message variables rendered for the contact, Meta's template
 * payload, and the text the chat stores (the template's name when it renders to nothing).
 */
export function renderTemplateSend(
  input: SendTemplateMessageInput,
  context: TemplateContext,
): { body: string; template: TemplateSend } {
  const values = {
    header: input.values.header.map((value) => renderTemplate(value, context)),
    body: input.values.body.map((value) => renderTemplate(value, context)),
    headerMedia: input.values.headerMedia ?? null,
    buttons: (input.values.buttons ?? []).map((value) => renderTemplate(value, context)),
  };
  return {
    body: renderCloudTemplate(input.components, values) || input.name,
    template: cloudTemplateSend(input.name, input.language, values, input.components),
  };
}
