import type { OutboundContent } from '@cs/proto/events';
import {
  type CampaignSettings,
  type CampaignTemplate,
  type CampaignVariable,
  cloudTemplateSend,
  renderCloudTemplate,
  templateValueMismatches,
  type TemplateValues,
} from '@cs/proto/http';
import type { CampaignRow } from '../campaigns/campaigns.repository.js';
import { applyVariables, delayAfter } from '../settings/campaign-settings.js';
import { mediaKindOf } from './dispatch-commands.js';

type VariantColumns = Pick<
  CampaignRow,
  | 'message1'
  | 'message2'
  | 'message3'
  | 'message4'
  | 'message5'
  | 'confirmation_message1'
  | 'confirmation_message2'
  | 'confirmation_message3'
  | 'confirmation_message4'
  | 'confirmation_message5'
>;

/** The campaign's message (or confirmation) variants in tab order, blank tabs left out. */
export function messageVariants(row: VariantColumns, kind: 'message' | 'confirmation'): string[] {
  const values =
    kind === 'message'
      ? [row.message1, row.message2, row.message3, row.message4, row.message5]
      : [
          row.confirmation_message1,
          row.confirmation_message2,
          row.confirmation_message3,
          row.confirmation_message4,
          row.confirmation_message5,
        ];
  return values.filter((value): value is string => Boolean(value?.trim()));
}

/**
 * The texts of the shipping at `position` (0-based, in audience order): the message and the confirmation variant
 * chosen round-robin by position, with the contact's and the company's variables applied; no confirmation text
 * when the campaign has no confirmation variant.
 */
export function shippingTexts(
  position: number,
  contact: { name: string; number: string; email: string },
  messages: readonly string[],
  confirmations: readonly string[],
  variables: readonly CampaignVariable[],
): { message: string; confirmation: string | null } {
  const confirmation = confirmations[position % Math.max(confirmations.length, 1)];
  return {
    message: applyVariables(messages[position % messages.length] ?? '', contact, variables),
    confirmation: confirmation ? applyVariables(confirmation, contact, variables) : null,
  };
}

/** A template's values for one contact, as its shipping keeps them (media and buttons from later campaigns). */
export type { TemplateValues } from '@cs/proto/http';

/**
 * A Cloud API campaign's shipping for one contact: the template's values with the contact's and the company's
 * variables applied, and the text the contact's chat shows (the template rendered with them).
 */
export function templateShipping(
  template: CampaignTemplate,
  contact: { name: string; number: string; email: string },
  variables: readonly CampaignVariable[],
): { message: string; values: TemplateValues } {
  const values = {
    header: template.values.header.map((value) => applyVariables(value, contact, variables)),
    body: template.values.body.map((value) => applyVariables(value, contact, variables)),
    headerMedia: template.values.headerMedia ?? null,
    buttons: (template.values.buttons ?? []).map((value) => applyVariables(value, contact, variables)),
  };
  return { message: renderCloudTemplate(template.components, values) || template.name, values };
}

/**
 * Why a Cloud API campaign's template cannot go to a contact with its values (null: it can), as the contact's
 * failure reason: a part the template takes without its values (header or body text, the media header's address,
 * a URL button's suffix), or a value blank for this contact (a variable such as `{email}` the contact lacks).
 * Meta refuses both.
 */
export function templateValuesProblem(template: CampaignTemplate, values: TemplateValues): string | null {
  const [mismatch] = templateValueMismatches(template.components, values);
  if (mismatch) {
    const { part, expected, given } = mismatch;
    return `the template's values are missing: values.${part} takes ${expected} value(s), ${given} given`;
  }
  for (const part of ['header', 'body', 'buttons'] as const) {
    const blank = (values[part] ?? []).findIndex((value) => value.trim() === '');
    if (blank >= 0) return `the template's values are missing: values.${part}[${blank}] is blank for this contact`;
  }
  return null;
}

/**
 * How many messages a connection that has sent `sent` may send at this instant, at most `limit`: the next one,
 * and those after it while the delay after each stays zero.
 */
export function sendsAllowedNow(sent: number, settings: CampaignSettings, limit: number): number {
  let room = 1;
  while (room < limit && delayAfter(sent + room, settings) === 0) room += 1;
  return room;
}

/** When a connection that has sent `sent` messages, the last of them at `at`, may send again. */
export function nextSendAt(at: Date, sent: number, settings: CampaignSettings): Date {
  return new Date(at.getTime() + delayAfter(sent, settings) * 1000);
}

/** A file of the campaign's file list, as stored. */
export interface FileOption {
  readonly id: number;
  readonly path: string;
  readonly media_type: string;
}

type PartsCampaign = Pick<CampaignRow, 'confirmation' | 'media_path' | 'media_type' | 'media_name'> &
  Partial<Pick<CampaignRow, 'template'>>;
interface PartsShipping {
  readonly message: string;
  /** A Cloud API campaign's values for this contact. */
  readonly template_values?: TemplateValues | null;
  readonly confirmation_message: string | null;
  readonly confirmed_at: Date | null;
}

/** A confirmation campaign's shipping not yet confirmed, with a request text, gets the request first. */
export function isConfirmationRequest(campaign: Pick<CampaignRow, 'confirmation'>, shipping: PartsShipping): boolean {
  return campaign.confirmation && shipping.confirmed_at === null && shipping.confirmation_message !== null;
}

/** A stored file as a document-like send: its name without the storage prefix, no caption. */
export function fileContent(option: Omit<FileOption, 'id'>, urlOf: (path: string) => string): OutboundContent {
  return {
    kind: 'media',
    mediaType: mediaKindOf(option.media_type),
    url: urlOf(option.path),
    mimeType: option.media_type,
    fileName: option.path
      .split('/')
      .pop()!
      .replace(/^[0-9a-f-]{36}-/, ''),
    caption: '',
    ptt: false,
  };
}

/**
 * What one dispatch hands the connector for a shipping, in order: the confirmation request alone while one is
 * awaited; otherwise every file of the file list, then the message (as the caption of the campaign's media when it
 * has one).
 */
export function shippingParts(
  campaign: PartsCampaign,
  shipping: PartsShipping,
  files: readonly FileOption[],
  urlOf: (path: string) => string,
): Array<{ part: string; content: OutboundContent }> {
  if (isConfirmationRequest(campaign, shipping)) {
    return [{ part: 'confirm', content: { kind: 'text', body: shipping.confirmation_message! } }];
  }
  const parts = files.map((option) => ({ part: `file-${option.id}`, content: fileContent(option, urlOf) }));
  return [
    ...parts,
    { part: 'main', content: mainContent(campaign, shipping.message, urlOf, shipping.template_values ?? null) },
  ];
}

/**
 * The message: a Cloud API campaign's template with the contact's values (its rendered text as the body); else the
 * caption of the campaign's media when it has one, else a text.
 */
export function mainContent(
  campaign: Omit<PartsCampaign, 'confirmation'>,
  message: string,
  urlOf: (path: string) => string,
  templateValues: TemplateValues | null = null,
): OutboundContent {
  if (campaign.template && templateValues) {
    const { name, language, components } = campaign.template;
    return { kind: 'text', body: message, template: cloudTemplateSend(name, language, templateValues, components) };
  }
  return campaign.media_path && campaign.media_type
    ? {
        kind: 'media',
        mediaType: mediaKindOf(campaign.media_type),
        url: urlOf(campaign.media_path),
        mimeType: campaign.media_type,
        fileName: campaign.media_name ?? 'arquivo',
        caption: message,
        ptt: false,
      }
    : { kind: 'text', body: message };
}
