import { z } from 'zod';
import { PageNumberSchema } from '@cs/proto/common';

const note = z
  .string({ error: 'Obrigatório' })
  .trim()
  .min(1, { error: 'Obrigatório' })
  .min(2, { error: 'Muito curto!' })
  .max(65_536, { error: 'Muito longo!' });
const optionalId = z.coerce.number().int().positive().optional().catch(undefined);

/** `POST /ticket-notes {note, ticketId, contactId}`: a note of at least 2 characters (the spec). */
export const CreateTicketNoteSchema = z.object({
  note,
  ticketId: z.coerce.number({ error: 'Obrigatório' }).int().positive({ error: 'Obrigatório' }),
  contactId: optionalId,
});
export type CreateTicketNoteInput = z.infer<typeof CreateTicketNoteSchema>;

export const UpdateTicketNoteSchema = z.object({ note });
export type UpdateTicketNoteInput = z.infer<typeof UpdateTicketNoteSchema>;

/** `GET /ticket-notes/list (ticketId, contactId)`. */
export const TicketNotesFilterSchema = z.object({ ticketId: optionalId, contactId: optionalId });
export type TicketNotesFilter = z.infer<typeof TicketNotesFilterSchema>;

/** `GET /ticket-notes (searchParam, pageNumber)`. */
export const ListTicketNotesQuerySchema = z.object({
  searchParam: z.string().trim().max(200).optional().catch(undefined),
  pageNumber: PageNumberSchema.optional().transform((value) => value ?? 1),
});
export type ListTicketNotesQuery = z.infer<typeof ListTicketNotesQuerySchema>;
