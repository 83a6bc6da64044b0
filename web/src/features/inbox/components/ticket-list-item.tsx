import { Badge, Box, Button, Dialog, Flex, HStack, IconButton, Portal, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import type { Ticket } from '../../../api/types';
import { BotIcon, EyeIcon } from '../../../components/icons';
import { formatListTime, formatPhone } from '../../../lib/format';
import { useTicketActions } from '../hooks/use-ticket-actions';
import { CloseTicketButton } from './close-ticket-button';
import { ServiceLevelBadge } from '../../../components/service-level-badge';

/** A location message's text (an embedded map image) shows as 'Localização' in the list. */
export function lastMessagePreview(lastMessage: string, locationLabel: string): string {
  return lastMessage.includes('data:image/png;base64') || lastMessage.startsWith('data:image')
    ? locationLabel
    : lastMessage;
}

/** A click on a waiting ticket: look at the conversation first, or accept it. */
function AcceptPrompt({
  ticket,
  busy,
  onPeek,
  onAccept,
  onClose,
}: {
  ticket: Ticket;
  busy: boolean;
  onPeek: () => void;
  onAccept: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Dialog.Root open onOpenChange={(e) => !e.open && onClose()} role="alertdialog" size="sm">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="accept-prompt">
            <Dialog.Header>
              <Dialog.Title>{t('tickets.acceptPrompt.title')}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="2">
                <Text>{t('tickets.acceptPrompt.body', { name: ticket.contact.name })}</Text>
                {ticket.lastMessage && (
                  <Text fontSize="sm" color="fg.muted" lineClamp={3}>
                    {lastMessagePreview(ticket.lastMessage, t('tickets.location'))}
                  </Text>
                )}
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={onClose}>
                {t('common.cancel')}
              </Button>
              <Button variant="outline" onClick={onPeek} data-testid="accept-prompt-peek">
                {t('tickets.peek')}
              </Button>
              <Button colorPalette="teal" loading={busy} onClick={onAccept} data-testid="accept-prompt-accept">
                {t('tickets.accept')}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

interface Props {
  ticket: Ticket;
  admin: boolean;
  onPeek: (ticket: Ticket) => void;
}

export function TicketListItem({ ticket, admin, onPeek }: Props) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { ticketUuid } = useParams();
  const actions = useTicketActions();
  const selected = ticketUuid === ticket.uuid;
  const pending = ticket.status === 'pending';
  const [prompting, setPrompting] = useState(false);

  const open = () => {
    // a waiting ticket is not opened by a click on the row: it is peeked at or accepted
    if (pending) setPrompting(true);
    else void navigate(`/tickets/${ticket.uuid}`);
  };

  return (
    <Flex
      role="listitem"
      data-testid="ticket-item"
      data-ticket-id={ticket.id}
      data-status={ticket.status}
      aria-current={selected ? 'true' : undefined}
      position="relative"
      gap="3"
      pl="3"
      pr="2"
      py="2"
      borderBottomWidth="1px"
      bg={selected ? 'app.selected' : undefined}
      cursor="pointer"
      _hover={{ bg: 'app.selected' }}
      onClick={open}
    >
      <Box
        position="absolute"
        left="0"
        top="0"
        bottom="0"
        w="1"
        bg={ticket.queue?.color ?? 'queue.none'}
        title={ticket.queue?.name ?? t('tickets.noQueue')}
        data-testid="queue-bar"
      />
      <Box
        w="10"
        h="10"
        flexShrink={0}
        borderRadius="full"
        bg="brand.100"
        color="brand.700"
        display="flex"
        alignItems="center"
        justifyContent="center"
        fontWeight="bold"
        overflow="hidden"
      >
        {ticket.contact.profilePicUrl ? (
          <img src={ticket.contact.profilePicUrl} alt="" width={40} height={40} />
        ) : (
          ticket.contact.name.charAt(0).toUpperCase()
        )}
      </Box>
      <Stack gap="0.5" flex="1" minW="0">
        <HStack justify="space-between" gap="2">
          <Text fontWeight="semibold" truncate data-testid="ticket-contact">
            {ticket.contact.name}
          </Text>
          <Text fontSize="xs" color={ticket.unreadMessages > 0 ? 'status.open' : 'fg.muted'} flexShrink={0}>
            {formatListTime(ticket.updatedAt)}
          </Text>
        </HStack>
        <HStack justify="space-between" gap="2">
          <Text fontSize="sm" color="fg.muted" truncate data-testid="ticket-last-message">
            {lastMessagePreview(ticket.lastMessage, t('tickets.location'))}
          </Text>
          {ticket.unreadMessages > 0 && (
            <Box
              as="span"
              data-testid="unread-badge"
              aria-label={t('tickets.unread', { count: ticket.unreadMessages })}
              bg="status.open"
              color="white"
              borderRadius="full"
              minW="5"
              px="1.5"
              fontSize="xs"
              fontWeight="bold"
              textAlign="center"
            >
              {ticket.unreadMessages}
            </Box>
          )}
        </HStack>
        <Text fontSize="xs" color="fg.muted" truncate>
          {formatPhone(ticket.contact.number)}
        </Text>
        <HStack gap="1" wrap="wrap">
          <Badge size="xs" variant="solid" bg={ticket.queue?.color ?? 'queue.none'} color="white">
            {ticket.queue?.name ?? t('tickets.noQueue')}
          </Badge>
          {ticket.whatsapp && (
            <Badge size="xs" variant="outline">
              {ticket.whatsapp.name}
            </Badge>
          )}
          {ticket.user && (
            <Badge size="xs" variant="subtle" colorPalette="teal">
              {ticket.user.name}
            </Badge>
          )}
          {ticket.tags.map((tag) => (
            <Badge key={tag.id} size="xs" variant="solid" bg={tag.color} color="white">
              {tag.name}
            </Badge>
          ))}
          {ticket.chatbot && <BotIcon boxSize="4" color="fg.muted" aria-label={t('tickets.chatbot')} />}
          <ServiceLevelBadge ticketId={ticket.id} />
        </HStack>
      </Stack>
      <Stack gap="1" justify="center" flexShrink={0} onClick={(e) => e.stopPropagation()}>
        {admin && (
          <IconButton aria-label={t('tickets.peek')} size="2xs" variant="ghost" onClick={() => onPeek(ticket)}>
            <EyeIcon />
          </IconButton>
        )}
        {pending && (
          <Button size="2xs" colorPalette="teal" loading={actions.busy} onClick={() => void actions.accept(ticket)}>
            {t('tickets.accept')}
          </Button>
        )}
        {ticket.status !== 'closed' && (
          <CloseTicketButton ticket={ticket} size="2xs" variant="outline" colorPalette="red" />
        )}
        {ticket.status === 'closed' && (
          <Button size="2xs" variant="outline" onClick={() => void actions.reopen(ticket)}>
            {t('tickets.reopen')}
          </Button>
        )}
      </Stack>
      {prompting && (
        // the dialog is portalled, but React still bubbles its clicks to this row
        <Box display="contents" onClick={(e) => e.stopPropagation()}>
          <AcceptPrompt
            ticket={ticket}
            busy={actions.busy}
            onClose={() => setPrompting(false)}
            onPeek={() => {
              setPrompting(false);
              onPeek(ticket);
            }}
            onAccept={() => {
              setPrompting(false);
              void actions.accept(ticket);
            }}
          />
        </Box>
      )}
    </Flex>
  );
}
