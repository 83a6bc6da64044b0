import { z } from 'zod';
import type { TemplateSend } from '../events/whatsapp/snapshots.js';
import { type TemplateComponent, TemplateComponentSchema } from './connector.js';

/**
 * Pure rules of Cloud API message templates: how many values a template's header and body take (Meta's positional
 * variables `{{1}}`, `{{2}}`...), and its text with the values filled in (what the chat shows for a sent template).
 */

const VARIABLE = /\{\{\s*(\d+)\s*\}\}/g;

const textOf = (components: readonly TemplateComponent[], type: 'HEADER' | 'BODY' | 'FOOTER'): string | null => {
  const component = components.find((candidate) => candidate.type.toUpperCase() === type);
  if (!component || typeof component.text !== 'string') return null;
  // a media or location header has no text
  if (type === 'HEADER' && component.format !== undefined && component.format.toUpperCase() !== 'TEXT') return null;
  return component.text;
};

/** The highest `{{n}}` of a text (Meta numbers them from 1 without gaps), 0 when it has none. */
export function cloudVariableCount(text: string | null): number {
  let highest = 0;
  for (const match of (text ?? '').matchAll(VARIABLE)) highest = Math.max(highest, Number(match[1]));
  return highest;
}

/** How many values the text header and the body take. */
export function cloudTemplateVariables(components: readonly TemplateComponent[]): { header: number; body: number } {
  return {
    header: cloudVariableCount(textOf(components, 'HEADER')),
    body: cloudVariableCount(textOf(components, 'BODY')),
  };
}

/** `text` with `{{n}}` replaced by `values[n - 1]` (a missing value leaves the variable as it is). */
export function fillCloudTemplate(text: string, values: readonly string[]): string {
  return text.replace(VARIABLE, (whole, index: string) => values[Number(index) - 1] ?? whole);
}

/**
 * What the chat shows for a sent template: the header (text headers only), the body and the footer, each with its
 * values, separated by blank lines; a button row is listed by its labels.
 */
export function renderCloudTemplate(
  components: readonly TemplateComponent[],
  values: { readonly header: readonly string[]; readonly body: readonly string[] },
): string {
  const header = textOf(components, 'HEADER');
  const body = textOf(components, 'BODY');
  const footer = textOf(components, 'FOOTER');
  const buttons = components
    .find((component) => component.type.toUpperCase() === 'BUTTONS')
    ?.buttons?.map((button) => button.text)
    .filter((label): label is string => typeof label === 'string' && label !== '');
  return [
    header === null ? null : `*${fillCloudTemplate(header, values.header)}*`,
    body === null ? null : fillCloudTemplate(body, values.body),
    footer === null ? null : `_${footer}_`,
    buttons && buttons.length > 0 ? buttons.map((label) => `[${label}]`).join(' ') : null,
  ]
    .filter((part): part is string => part !== null && part.trim() !== '')
    .join('\n\n');
}

type TemplateValues = { readonly header: readonly string[]; readonly body: readonly string[] };

/** The parts whose number of values differs from what the template takes (none: the values fit). */
export function templateValueMismatches(
  components: readonly TemplateComponent[],
  values: TemplateValues,
): Array<{ part: 'header' | 'body'; expected: number; given: number }> {
  const expected = cloudTemplateVariables(components);
  return (['header', 'body'] as const)
    .filter((part) => values[part].length !== expected[part])
    .map((part) => ({ part, expected: expected[part], given: values[part].length }));
}

/** Meta's template payload (the send command's `template`) for rendered values: text parameters in order. */
export function cloudTemplateSend(name: string, language: string, values: TemplateValues): TemplateSend {
  return {
    name,
    language: { code: language },
    components: (['header', 'body'] as const)
      .filter((part) => values[part].length > 0)
      .map((part) => ({ type: part, parameters: values[part].map((text) => ({ type: 'text' as const, text })) })),
  };
}

const templateValue = z.string().trim().min(1, 'Required').max(1_024);

/**
 * `POST /messages/{ticketId}/template`: send an approved Cloud API template on a ticket. `components` are the
 * template's as `GET /whatsapp/{id}/templates` lists them (what the chat shows is rendered from them); `values` fill
 * the header's and the body's `{{1}}`... in order, and may use the message variables (`{{name}}`, `{{protocol}}`...).
 */
export const SendTemplateMessageSchema = z.object({
  name: z.string().min(1).max(512),
  language: z.string().min(2).max(16),
  components: z.array(TemplateComponentSchema).min(1).max(10),
  values: z.object({
    header: z.array(templateValue).max(1).default([]),
    body: z.array(templateValue).max(64).default([]),
  }),
});
export type SendTemplateMessageInput = z.infer<typeof SendTemplateMessageSchema>;
