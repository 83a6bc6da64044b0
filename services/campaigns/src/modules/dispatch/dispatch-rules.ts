import type { CampaignSettings, CampaignVariable } from '@cs/proto/http';
import type { CampaignRow } from '../campaigns/campaigns.repository.js';
import { applyVariables, delayAfter } from '../settings/campaign-settings.js';

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
