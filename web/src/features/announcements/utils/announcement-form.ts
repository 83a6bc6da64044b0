import { z } from 'zod';
import { AnnouncementRequestSchema } from '@cs/proto/http';
import { textField } from '../../../lib/form-rules';
import { PLATFORM_COMPANY_ID } from '@cs/proto/common';

/** The image types an announcement takes (spec §5). */
export const ANNOUNCEMENT_IMAGE_ACCEPT = '.png,.jpg,.jpeg,image/png,image/jpeg';

export function isAcceptedImage(file: Pick<File, 'name'>): boolean {
  return /\.(png|jpe?g)$/i.test(file.name);
}

/** Priorities 1 high, 2 medium, 3 low (default 3). */
export const PRIORITIES = [1, 2, 3] as const;

/** The announcement form (spec §5): title and text required ('Obrigatório'). */
export function announcementFormSchema(t: (key: string) => string) {
  const text = { required: t('common.required'), tooLong: t('management.tooLong') };
  return z.object({
    title: textField(AnnouncementRequestSchema.shape.title, text),
    text: textField(AnnouncementRequestSchema.shape.text, text),
    priority: z.coerce.number().int().min(1).max(3),
    status: z.boolean(),
  });
}

/** Who may open `/announcements` (spec §6): super users of the operator company only. */
export function canAnnounce(user: { super?: boolean | undefined; companyId: number } | null | undefined): boolean {
  return Boolean(user?.super) && user?.companyId === PLATFORM_COMPANY_ID;
}
