import { z } from 'zod';
import type { TemplateSend } from '../events/whatsapp/snapshots.js';
import { TemplateValuesSchema } from '../events/campaigns/snapshots.js';
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

/**
 * The values of a template send: the text header's and the body's `{{1}}`... in order, the address of an IMAGE,
 * VIDEO or DOCUMENT header's media (`headerMedia`), and the suffix of each URL button whose address ends in `{{1}}`
 * (`buttons`, in the buttons' order).
 */
export interface TemplateValues {
  readonly header: readonly string[];
  readonly body: readonly string[];
  readonly headerMedia?: string | null;
  readonly buttons?: readonly string[];
}

export type TemplateHeaderMedia = 'image' | 'video' | 'document';

/** The kind of media a template's header shows (null: no header, or a text or location one). */
export function templateHeaderMedia(components: readonly TemplateComponent[]): TemplateHeaderMedia | null {
  const format = components.find((component) => component.type.toUpperCase() === 'HEADER')?.format?.toUpperCase();
  if (format === 'IMAGE') return 'image';
  if (format === 'VIDEO') return 'video';
  if (format === 'DOCUMENT') return 'document';
  return null;
}

/** The positions (among the template's buttons) of the URL buttons whose address takes a suffix (`{{1}}`). */
export function templateUrlButtons(components: readonly TemplateComponent[]): number[] {
  const buttons = components.find((component) => component.type.toUpperCase() === 'BUTTONS')?.buttons ?? [];
  return buttons.flatMap((button, index) =>
    button.type.toUpperCase() === 'URL' && cloudVariableCount(button.url ?? null) > 0 ? [index] : [],
  );
}

export type TemplateValuePart = 'header' | 'body' | 'headerMedia' | 'buttons';

/** The parts whose number of values differs from what the template takes (none: the values fit). */
export function templateValueMismatches(
  components: readonly TemplateComponent[],
  values: TemplateValues,
): Array<{ part: TemplateValuePart; expected: number; given: number }> {
  const variables = cloudTemplateVariables(components);
  const expected: Record<TemplateValuePart, number> = {
    ...variables,
    headerMedia: templateHeaderMedia(components) ? 1 : 0,
    buttons: templateUrlButtons(components).length,
  };
  const given: Record<TemplateValuePart, number> = {
    header: values.header.length,
    body: values.body.length,
    headerMedia: values.headerMedia ? 1 : 0,
    buttons: values.buttons?.length ?? 0,
  };
  return (['header', 'body', 'headerMedia', 'buttons'] as const)
    .filter((part) => given[part] !== expected[part])
    .map((part) => ({ part, expected: expected[part], given: given[part] }));
}

/** An absolute address's path (between its host and its query or fragment); proto reads no runtime's URL type. */
const ADDRESS_PATH = /^[a-z][a-z\d+.-]*:\/\/[^/?#]*([^?#]*)/i;

/** The file name Meta shows for a document header: the last segment of its address's path. */
const documentName = (link: string): string | undefined => {
  const last = ADDRESS_PATH.exec(link)?.[1]?.split('/').pop();
  try {
    return last ? decodeURIComponent(last) : undefined;
  } catch {
    return undefined;
  }
};

/**
 * Meta's template payload (the send command's `template`) for rendered values: the header's text or media
 * parameter, the body's text parameters in order, and one `button` component (`sub_type: url`) per URL button
 * suffix, at that button's index.
 */
export function cloudTemplateSend(
  name: string,
  language: string,
  values: TemplateValues,
  components: readonly TemplateComponent[] = [],
): TemplateSend {
  const media = templateHeaderMedia(components);
  const link = values.headerMedia ?? null;
  const header: TemplateSend['components'] =
    media && link
      ? [
          {
            type: 'header',
            parameters: [
              media === 'image'
                ? { type: 'image', image: { link } }
                : media === 'video'
                  ? { type: 'video', video: { link } }
                  : { type: 'document', document: { link, ...optionalName(documentName(link)) } },
            ],
          },
        ]
      : values.header.length > 0
        ? [{ type: 'header', parameters: values.header.map((text) => ({ type: 'text' as const, text })) }]
        : [];
  const body: TemplateSend['components'] =
    values.body.length > 0
      ? [{ type: 'body', parameters: values.body.map((text) => ({ type: 'text' as const, text })) }]
      : [];
  const indexes = templateUrlButtons(components);
  const buttons: TemplateSend['components'] = (values.buttons ?? []).flatMap((text, position) => {
    const index = indexes[position];
    return index === undefined
      ? []
      : [
          {
            type: 'button' as const,
            sub_type: 'url' as const,
            index: String(index),
            parameters: [{ type: 'text' as const, text }],
          },
        ];
  });
  return { name, language: { code: language }, components: [...header, ...body, ...buttons] };
}

const optionalName = (filename: string | undefined): { filename?: string } => (filename ? { filename } : {});

/**
 * `POST /messages/{ticketId}/template`: send an approved Cloud API template on a ticket. `components` are the
 * template's as `GET /whatsapp/{id}/templates` lists them (what the chat shows is rendered from them); `values` fill
 * the header's and the body's `{{1}}`... in order, and may use the message variables (`{{name}}`, `{{protocol}}`...);
 * `headerMedia` is the address of a media header's file (a link, or the platform's URL of an uploaded file), and
 * `buttons` the suffixes of the URL buttons that take one.
 */
export const SendTemplateMessageSchema = z.object({
  name: z.string().min(1).max(512),
  language: z.string().min(2).max(16),
  components: z.array(TemplateComponentSchema).min(1).max(10),
  values: TemplateValuesSchema,
});
/**
 * `POST /message-templates/media` (multipart `file`): a media header's file stored by the platform; its `url` goes in
 * `values.headerMedia` (the connector uploads it to Meta and sends it by its media id).
 */
export const TemplateMediaUploadSchema = z.object({ url: z.string(), name: z.string(), mimeType: z.string() });
export type TemplateMediaUpload = z.infer<typeof TemplateMediaUploadSchema>;

export type SendTemplateMessageInput = z.infer<typeof SendTemplateMessageSchema>;
