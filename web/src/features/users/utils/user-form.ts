import { z } from 'zod';

export interface UserFormValues {
  name: string;
  email: string;
  password: string;
  profile: 'admin' | 'user';
  queueIds: number[];
  whatsappId: string;
  allTicket: 'enable' | 'disable';
}

/**
 * The user form of the company pages (spec §5): name 2 to 50, email valid up to 128, password at least 5 (the
 * message says 6) and at most 50, required only when creating; `Obrigatório` for missing fields.
 */
export function userFormSchema(t: (key: string) => string, creating: boolean) {
  const password = z.string().max(50, t('users.dialog.passwordMax'));
  return z.object({
    name: z
      .string()
      .trim()
      .min(1, t('common.required'))
      .min(2, t('users.dialog.nameMin'))
      .max(50, t('users.dialog.nameMax')),
    email: z
      .string()
      .trim()
      .min(1, t('common.required'))
      .pipe(z.email(t('users.dialog.emailInvalid')).max(128, t('users.dialog.emailInvalid'))),
    password: creating
      ? password.min(1, t('common.required')).min(5, t('users.dialog.passwordMin'))
      : z.union([z.literal(''), password.min(5, t('users.dialog.passwordMin'))]),
    profile: z.enum(['admin', 'user']),
    queueIds: z.array(z.number()),
    whatsappId: z.string().transform((value) => (value ? Number(value) : null)),
    allTicket: z.enum(['enable', 'disable']),
  });
}
