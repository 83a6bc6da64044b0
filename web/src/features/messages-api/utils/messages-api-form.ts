import { z } from 'zod';
import { ExternalSendRequestSchema } from '@cs/proto/http';
import { digitsField, textField } from '../../../lib/form-rules';

/**
 * The test form of `/messages-api` (spec §5) with proto's rules (`ExternalSendRequestSchema`): the number's digits
 * and the body's length. The token is the bearer, not a body field: the form only requires it. The text tab requires
 * the body (the server refuses a text send without one); the media tab's file is checked by the page.
 */
export function messagesApiFormSchema(t: (key: string) => string, tab: 'text' | 'media') {
  const required = t('messagesApi.required');
  const body = textField(ExternalSendRequestSchema.shape.body, { tooLong: t('messagesApi.bodyTooLong') });
  return z.object({
    token: z.string().trim().min(1, required),
    number: digitsField(ExternalSendRequestSchema.shape.number, {
      required,
      tooShort: t('messagesApi.numberInvalid'),
      tooLong: t('messagesApi.numberInvalid'),
    }),
    body: tab === 'text' ? body.min(1, required) : body,
  });
}
