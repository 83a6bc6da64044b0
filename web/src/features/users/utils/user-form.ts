import { z } from 'zod';
import { CompanyUserUpdateSchema, CreateUserRequestSchema } from '@cs/proto/http';
import { textField } from '../../../lib/form-rules';

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
 * The user form of the company pages (spec §5), with the company forms' rules of proto (`CreateUserRequestSchema`;
 * an edit's password `CompanyUserUpdateSchema`: empty keeps it): name, email and password (required only when
 * creating) with their lengths; `Obrigatório` for missing fields.
 */
export function userFormSchema(t: (key: string) => string, creating: boolean) {
  const required = t('common.required');
  const emailInvalid = t('users.dialog.emailInvalid');
  const password = creating ? CreateUserRequestSchema.shape.password : CompanyUserUpdateSchema.shape.password;
  return z.object({
    name: textField(CreateUserRequestSchema.shape.name, {
      required,
      tooShort: t('users.dialog.nameMin'),
      tooLong: t('users.dialog.nameMax'),
    }),
    email: textField(CreateUserRequestSchema.shape.email, { required, tooLong: emailInvalid, format: emailInvalid }),
    password: textField(
      password,
      { required, tooShort: t('users.dialog.passwordMin'), tooLong: t('users.dialog.passwordMax') },
      { trim: false },
    ),
    profile: z.enum(['admin', 'user']),
    queueIds: z.array(z.number()),
    whatsappId: z.string().transform((value) => (value ? Number(value) : null)),
    allTicket: z.enum(['enable', 'disable']),
  });
}
