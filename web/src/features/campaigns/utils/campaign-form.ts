import type { CampaignBody, CampaignRecord } from '../api/campaigns-api';
import { zonedParts } from '../../../lib/format';
import type { ChosenTemplate } from '../../../components/template-picker';

export const MESSAGE_SLOTS = [1, 2, 3, 4, 5] as const;

/** The disclaimer is shown until accepted once (kept in this browser). */
export const DISCLAIMER_KEY = 'campaignsDisclaimerAccepted';

export interface CampaignForm {
  name: string;
  confirmation: boolean;
  contactListId: string;
  tagListId: string;
  whatsappId: string;
  fileListId: string;
  /** `YYYY-MM-DDTHH:mm` in the company's time zone (the datetime-local input), empty when not scheduled. */
  scheduledAt: string;
  messages: string[];
  confirmationMessages: string[];
  /** Cloud API connections: the approved template sent instead of the messages (null: the messages). */
  template: ChosenTemplate | null;
}

export { DEFAULT_COMPANY_TIME_ZONE } from '../../../components/use-company-time-zone';

/**
 * An instant as the wall-clock `YYYY-MM-DDTHH:mm` of the company's time zone (the datetime-local input's value):
 * the server reads `scheduledAt` in the company's zone, whatever zone the browser is in.
 */
export function toZonedInput(iso: string | null, timeZone: string): string {
  if (!iso) return '';
  const { year, month, day, hour, minute } = zonedParts(iso, timeZone);
  return `${year}-${month}-${day}T${hour}:${minute}`;
}

/** The dialog's form; `timeZone`: the company's, in which the schedule is shown and sent. */
export function campaignToForm(campaign: CampaignRecord | null, timeZone: string): CampaignForm {
  const message = (n: number) => (campaign?.[`message${n}` as keyof CampaignRecord] as string | null | undefined) ?? '';
  const confirmation = (n: number) =>
    (campaign?.[`confirmationMessage${n}` as keyof CampaignRecord] as string | null | undefined) ?? '';
  return {
    name: campaign?.name ?? '',
    confirmation: campaign?.confirmation ?? false,
    contactListId: campaign?.contactListId ? String(campaign.contactListId) : '',
    tagListId: campaign?.tagListId ? String(campaign.tagListId) : '',
    whatsappId: campaign?.whatsappId ? String(campaign.whatsappId) : '',
    fileListId: campaign?.fileListId ? String(campaign.fileListId) : '',
    scheduledAt: toZonedInput(campaign?.scheduledAt ?? null, timeZone),
    messages: MESSAGE_SLOTS.map(message),
    confirmationMessages: MESSAGE_SLOTS.map(confirmation),
    template: campaign?.template ?? null,
  };
}

/**
 * The request body: empty strings as null (the spec's rule), `scheduledAt` as `YYYY-MM-DD HH:mm:ss`: the wall clock
 * typed in the dialog, which is the company's zone's (never converted through the browser's zone).
 */
export function formToBody(form: CampaignForm): CampaignBody {
  const orNull = (value: string) => (value.trim() === '' ? null : value);
  const body: CampaignBody = {
    name: form.name.trim(),
    confirmation: form.confirmation,
    contactListId: orNull(form.contactListId),
    tagListId: orNull(form.tagListId),
    whatsappId: orNull(form.whatsappId),
    fileListId: orNull(form.fileListId),
    scheduledAt: form.scheduledAt ? `${form.scheduledAt.replace('T', ' ')}:00` : null,
    template: form.template,
  };
  MESSAGE_SLOTS.forEach((n, index) => {
    body[`message${n}`] = orNull(form.messages[index] ?? '');
    body[`confirmationMessage${n}`] = orNull(form.confirmationMessages[index] ?? '');
  });
  return body;
}

/**
 * Editable only when inactive, or scheduled more than one hour ahead; a cancelled one can still be saved and
 * restarted (spec §4). The server applies the same rule.
 */
export function isEditable(campaign: Pick<CampaignRecord, 'status' | 'scheduledAt'> | null, now = Date.now()): boolean {
  if (!campaign) return true;
  if (campaign.status === 'INATIVA' || campaign.status === 'CANCELADA') return true;
  return (
    campaign.status === 'PROGRAMADA' &&
    campaign.scheduledAt !== null &&
    new Date(campaign.scheduledAt).getTime() - now > 3_600_000
  );
}

/** The report's progress: delivered of valid contacts, in percent. */
export function progressPercent(counts: { valid: number; delivered: number }): number {
  if (counts.valid === 0) return 0;
  return Math.min(100, Math.round((counts.delivered / counts.valid) * 100));
}
