import { z } from 'zod';
import { TagBodySchema } from '@cs/proto/http';
import { textField } from '../../../lib/form-rules';

/** The tag form (spec §5): name required and at least 3 characters, with the spec's messages. */
export function tagFormSchema(t: (key: string) => string) {
  return z.object({
    name: textField(TagBodySchema.shape.name, {
      required: t('common.required'),
      tooShort: t('tags.dialog.nameMin'),
      tooLong: t('management.tooLong'),
    }),
    color: z.string().trim().min(1, t('common.required')),
    kanban: z.union([z.literal(0), z.literal(1)]),
  });
}

/** The kanban toggle shows only to admin or supervisor profiles (spec §6). */
export function canSetKanban(profile: string | undefined): boolean {
  const value = profile?.toLowerCase();
  return value === 'admin' || value === 'supervisor';
}
