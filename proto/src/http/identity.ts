import { z } from 'zod';
import { IdSchema } from '../common/ids.js';

const required = 'Campo obrigatório';

/**
 * `POST /companies/cadastro` (public signup). The spec's client also sends recurrence, dueDate, status and
 * campaignsEnabled; the server ignores them and computes the 3-day trial and the MENSAL recurrence itself.
 */
export const SignupRequestSchema = z.object({
  name: z
    .string({ error: required })
    .trim()
    .min(2, 'Nome precisa ter ao menos 3 caracteres!')
    .max(50, 'Nome não pode conter mais que 50 caracteres!'),
  email: z.string({ error: required }).trim().toLowerCase().pipe(z.email('Email inválido').max(128, 'Email inválido')),
  phone: z
    .string({ error: required })
    .transform((value) => value.replace(/\D/g, ''))
    .pipe(z.string().regex(/^\d{10,11}$/, 'Telefone inválido. Exemplo: (99) 99999-9999')),
  password: z.string({ error: required }).min(5, 'Senha muito curta!').max(50, 'Senha muito grande!'),
  planId: z.coerce.number({ error: 'Selecione um plano' }).pipe(IdSchema),
});
export type SignupRequest = z.infer<typeof SignupRequestSchema>;

/** Days of free trial a signup gets. */
export const TRIAL_DAYS = 3;
