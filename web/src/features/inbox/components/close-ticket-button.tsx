import { Button, type ButtonProps } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useListConnectionsQuery, useListSettingsQuery } from '../../../api/endpoints/company';
import type { Ticket } from '../../../api/types';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { useTicketActions } from '../hooks/use-ticket-actions';
import { type ClosingMessage, closingMessage } from '../utils/closing';

/**
 * "Finalizar" (the spec's Close), in the ticket list and the chat header alike. When ending the ticket sends the
 * contact a message (the rating question or the connection's farewell) the agent confirms first. The button waits for
 * the company's settings and connections, which decide that, and the confirmation asks about what the click decided.
 */
export function CloseTicketButton({ ticket, ...button }: { ticket: Ticket } & Omit<ButtonProps, 'onClick'>) {
  const { t } = useTranslation();
  const actions = useTicketActions();
  const { data: settings, isLoading: settingsLoading } = useListSettingsQuery();
  const { data: connections, isLoading: connectionsLoading } = useListConnectionsQuery();
  const [confirming, setConfirming] = useState<ClosingMessage>(null);
  const sends = closingMessage(
    ticket,
    settings?.find((s) => s.key === 'userRating')?.value,
    connections?.find((c) => c.id === ticket.whatsappId),
  );

  return (
    <>
      <Button
        loading={actions.busy}
        {...button}
        disabled={settingsLoading || connectionsLoading || button.disabled}
        onClick={() => (sends ? setConfirming(sends) : void actions.close(ticket))}
      >
        {t('tickets.close')}
      </Button>
      {confirming && (
        <ConfirmDialog
          open
          title={t('tickets.closeConfirm.title', { name: ticket.contact.name })}
          body={t(`tickets.closeConfirm.${confirming}`)}
          onClose={() => setConfirming(null)}
          onConfirm={() => void actions.close(ticket)}
        />
      )}
    </>
  );
}
