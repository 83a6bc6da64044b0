import { Box, Button, IconButton, Popover, Portal, Stack, Text } from '@chakra-ui/react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { channel, notifiesTicket } from '@cs/proto/realtime';
import { useAppSelector } from '../app/hooks';
import { useGetNotificationTicketsQuery } from '../api/endpoints/tickets';
import { isAdmin } from '../api/session';
import type { SessionUser, Ticket } from '../api/types';
import { BellIcon } from '../components/icons';
import { formatListTime } from '../lib/format';
import { viewerOf } from '../realtime/ticket-rules';
import { useSocketEvent } from '../realtime/use-socket-event';
import { playChime } from './sound';

/** Which tickets notify this user (spec §6): the server's rule (`notifiesTicket` of `@cs/proto/realtime`). */
export function notifiesUser(ticket: Pick<Ticket, 'queueId' | 'status' | 'userId'>, user: SessionUser): boolean {
  return notifiesTicket(viewerOf(user), ticket);
}

export function NotificationsPopover({ user, connected }: { user: SessionUser; connected: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const volume = useAppSelector((s) => s.ui.volume);
  const { data } = useGetNotificationTicketsQuery({ queueIds: user.queues.map((q) => q.id), showAll: isAdmin(user) });
  const tickets = (data?.tickets ?? []).filter((ticket) => ticket.unreadMessages > 0 && notifiesUser(ticket, user));

  useEffect(() => {
    if (typeof Notification !== 'undefined' && Notification.permission === 'default') {
      void Notification.requestPermission().catch(() => undefined);
    }
  }, []);

  useSocketEvent(
    channel.appMessage(user.companyId),
    (event) => {
      if (event.action !== 'create') return;
      const { message, ticket } = event;
      if (message.fromMe) return;
      if (!notifiesUser(ticket, user)) return;
      const viewing = location.pathname === `/tickets/${ticket.uuid}`;
      if (viewing && document.visibilityState === 'visible') return;
      playChime(volume);
      if (
        document.visibilityState === 'hidden' &&
        typeof Notification !== 'undefined' &&
        Notification.permission === 'granted'
      ) {
        const note = new Notification(
          t('notifications.newMessage', { name: event.contact?.name ?? ticket.contact.name }),
          {
            body: message.body,
            tag: String(ticket.id),
          },
        );
        note.onclick = () => {
          window.focus();
          void navigate(`/tickets/${ticket.uuid}`);
          note.close();
        };
      }
    },
    connected,
  );

  return (
    <Popover.Root positioning={{ placement: 'bottom-end' }}>
      <Popover.Trigger asChild>
        <IconButton aria-label={t('layout.notifications')} variant="ghost" color="app.topbarFg" position="relative">
          <BellIcon />
          {tickets.length > 0 && (
            <Box
              as="span"
              data-testid="notifications-count"
              position="absolute"
              top="0.5"
              right="0.5"
              bg="badge.alert"
              color="white"
              borderRadius="full"
              fontSize="2xs"
              minW="4"
              px="1"
            >
              {tickets.length}
            </Box>
          )}
        </IconButton>
      </Popover.Trigger>
      <Portal>
        <Popover.Positioner>
          <Popover.Content w="sm" maxH="popoverMax" overflowY="auto" data-testid="notifications-popover">
            <Popover.Body p="2">
              {tickets.length === 0 && (
                <Text p="2" color="fg.muted">
                  {t('layout.noNotifications')}
                </Text>
              )}
              <Stack gap="1">
                {tickets.map((ticket) => (
                  <Button
                    key={ticket.id}
                    variant="ghost"
                    justifyContent="space-between"
                    h="auto"
                    py="2"
                    onClick={() => void navigate(`/tickets/${ticket.uuid}`)}
                  >
                    <Stack gap="0" align="flex-start" minW="0">
                      <Text fontWeight="semibold" truncate>
                        {ticket.contact.name}
                      </Text>
                      <Text fontSize="xs" color="fg.muted" truncate maxW="60">
                        {ticket.lastMessage}
                      </Text>
                    </Stack>
                    <Text fontSize="xs" color="fg.muted">
                      {formatListTime(ticket.updatedAt)}
                    </Text>
                  </Button>
                ))}
              </Stack>
            </Popover.Body>
          </Popover.Content>
        </Popover.Positioner>
      </Portal>
    </Popover.Root>
  );
}
