import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useAppSelector } from '../app/hooks';
import { useCreateTicketMutation } from '../api/endpoints/tickets';
import { toastError } from '../lib/errors';
import { openTicketConflict, type OpenTicketOwner } from '../lib/open-ticket';

export interface OpenTicketInput {
  contactId: number;
  /** The select's value: '' for none. */
  queueId: string;
  /** The select's value: '' for the default connection. */
  whatsappId: string;
}

/**
 * Opens a ticket for a contact as the signed-in user and goes to `/tickets/{uuid}` (then `onOpened`, which closes
 * the dialog). When the contact already has an open ticket, the user's own opens instead; another user's is kept
 * in `owner` for the dialog to name. Any other error is toasted.
 */
export function useOpenTicket(onOpened: () => void) {
  const navigate = useNavigate();
  const userId = useAppSelector((s) => s.session.user?.id ?? 0);
  const [create, { isLoading }] = useCreateTicketMutation();
  const [owner, setOwner] = useState<OpenTicketOwner | null>(null);

  const go = (uuid: string) => {
    onOpened();
    void navigate(`/tickets/${uuid}`);
  };

  const open = async ({ contactId, queueId, whatsappId }: OpenTicketInput) => {
    try {
      const ticket = await create({
        contactId,
        queueId: queueId ? Number(queueId) : null,
        whatsappId: whatsappId ? Number(whatsappId) : null,
        userId,
        status: 'open',
      }).unwrap();
      go(ticket.uuid);
    } catch (error) {
      const conflict = openTicketConflict(error, userId);
      if (!conflict) toastError(error);
      else if ('open' in conflict) go(conflict.open);
      else setOwner(conflict.owner);
    }
  };

  return { open, owner, busy: isLoading };
}
