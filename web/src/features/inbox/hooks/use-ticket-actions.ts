import { useNavigate } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { useUpdateTicketMutation } from '../../../api/endpoints/tickets';
import type { Ticket } from '../../../api/types';
import { toastError } from '../../../lib/errors';
import { subTabChanged, tabChanged } from '../model/inbox-slice';

/** The spec's transitions (§4) as the list item and the chat header trigger them. */
export function useTicketActions() {
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const me = useAppSelector((s) => s.session.user);
  const [update, state] = useUpdateTicketMutation();

  const run = async (body: Parameters<typeof update>[0], then?: () => void) => {
    try {
      await update(body).unwrap();
      then?.();
    } catch (error) {
      toastError(error);
    }
  };

  /** The ticket is now the user's open one: the list follows it to the open tab, and its chat opens. */
  const follow = (ticket: Ticket) => {
    dispatch(tabChanged('open'));
    dispatch(subTabChanged('open'));
    void navigate(`/tickets/${ticket.uuid}`);
  };

  return {
    busy: state.isLoading,
    accept: (ticket: Ticket) => run({ id: ticket.id, status: 'open', userId: me?.id ?? null }, () => follow(ticket)),
    reopen: (ticket: Ticket) => run({ id: ticket.id, status: 'open', userId: me?.id ?? null }, () => follow(ticket)),
    giveBack: (ticket: Ticket) =>
      run({ id: ticket.id, status: 'pending', userId: null }, () => void navigate('/tickets')),
    close: (ticket: Ticket) =>
      run(
        {
          id: ticket.id,
          status: 'closed',
          userId: me?.id ?? null,
          queueId: ticket.queueId,
          useIntegration: false,
          promptId: null,
          integrationId: null,
        },
        () => void navigate('/tickets'),
      ),
    transfer: (ticket: Ticket, queueId: number, userId: number | null) =>
      run({ id: ticket.id, queueId, userId, status: userId ? 'open' : 'pending' }, () => void navigate('/tickets')),
  };
}
