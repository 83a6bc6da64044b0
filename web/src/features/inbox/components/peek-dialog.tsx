import { Box, Dialog, Portal } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { Ticket } from '../../../api/types';
import { MessagesList } from './messages-list';

/** The admin's read-only look at a conversation, without opening (or accepting) the ticket. */
export function PeekDialog({ ticket, onClose }: { ticket: Ticket; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Dialog.Root open onOpenChange={(e) => !e.open && onClose()} size="lg" scrollBehavior="inside">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="peek-dialog">
            <Dialog.Header>
              <Dialog.Title>
                {t('tickets.peek')} · {ticket.contact.name}
              </Dialog.Title>
            </Dialog.Header>
            <Dialog.Body p="0">
              <Box h="60vh" display="flex" flexDirection="column">
                <MessagesList ticketId={ticket.id} readOnly />
              </Box>
            </Dialog.Body>
            <Dialog.CloseTrigger />
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
