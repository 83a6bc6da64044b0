import type { OutboundContent } from '@cs/proto/events';
import type { CampaignSettings, CampaignVariable } from '@cs/proto/http';
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

type PartsCampaign = Pick<CampaignRow, 'confirmation' | 'media_path' | 'media_type' | 'media_name'>;
interface PartsShipping {
  readonly message: string;
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
  return [...parts, { part: 'main', content: mainContent(campaign, shipping.message, urlOf) }];
}

/** The message: the caption of the campaign's media when it has one, else a text. */
export function mainContent(
  campaign: Omit<PartsCampaign, 'confirmation'>,
  message: string,
  urlOf: (path: string) => string,
): OutboundContent {
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
