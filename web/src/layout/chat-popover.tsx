import { Badge, Box, Float, IconButton, Popover, Portal, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { channel } from '@cs/proto/realtime';
import { useAppSelector } from '../app/hooks';
import { useListChatsQuery } from '../api/endpoints/company';
import { ChatIcon } from '../components/icons';
import { flagOn, usePlanFlags } from '../components/use-plan-flags';
import { useSocketEvent } from '../realtime/use-socket-event';
import { playChime } from './sound';

/**
 * The top bar's internal-chat popover, only for a company whose plan has the internal chat (`useInternalChat`):
 * nothing is shown, and `GET /chats` (which the gateway refuses with 403 otherwise) is never asked, until the plan
 * is known to include it.
 */
export function ChatPopover({ connected }: { connected: boolean }) {
  const flags = usePlanFlags();
  if (!flagOn(flags, 'useInternalChat')) return null;
  return <UnreadChats connected={connected} />;
}

/**
 * The caller's chats with unread messages, kept live (the chat channel refreshes the list), with a chime at the
 * user's volume when a message of someone else arrives in a chat that is not the one on screen.
 */
function UnreadChats({ connected }: { connected: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const user = useAppSelector((s) => s.session.user);
  const volume = useAppSelector((s) => s.ui.volume);
  const meId = user?.id ?? 0;
  const { data } = useListChatsQuery(undefined, { skip: !user });
  const unread = (data?.records ?? [])
    .map((chat) => ({ chat, unreads: chat.users?.find((member) => member.userId === meId)?.unreads ?? 0 }))
    .filter((entry) => entry.unreads > 0);

  useSocketEvent(
    user ? channel.chatUser(user.companyId, user.id) : null,
    (event) => {
      if (event.action !== 'new-message' || !event.newMessage || event.newMessage.senderId === meId) return;
      const viewing = event.record?.uuid !== undefined && location.pathname === `/chats/${event.record.uuid}`;
      if (viewing && document.visibilityState === 'visible') return;
      playChime(volume);
    },
    connected,
  );

  return (
    <Popover.Root positioning={{ placement: 'bottom-end' }} lazyMount>
      <Popover.Trigger asChild>
        <IconButton
          aria-label={t('layout.internalChat')}
          variant="ghost"
          color="app.topbarFg"
          position="relative"
          data-testid="chat-popover"
        >
          <ChatIcon />
          {unread.length > 0 && (
            <Float placement="top-end" offset="2">
              <Badge size="xs" colorPalette="red" variant="solid" borderRadius="full" data-testid="chat-popover-count">
                {unread.length}
              </Badge>
            </Float>
          )}
        </IconButton>
      </Popover.Trigger>
      <Portal>
        <Popover.Positioner>
          <Popover.Content w="sm" maxH="popoverMax" overflowY="auto">
            <Popover.Body p="2">
              {unread.length === 0 ? (
                <Text p="2" color="fg.muted">
                  {t('layout.noChats')}
                </Text>
              ) : (
                <Stack gap="1">
                  {unread.map(({ chat, unreads }) => (
                    <Box
                      key={chat.id}
                      as="button"
                      textAlign="start"
                      p="2"
                      borderRadius="md"
                      _hover={{ bg: 'bg.subtle' }}
                      onClick={() => void navigate(`/chats/${chat.uuid ?? chat.id}`)}
                      data-testid="chat-popover-item"
                    >
                      <Text fontWeight="semibold">
                        {chat.title}{' '}
                        <Badge colorPalette="green" variant="solid" borderRadius="full">
                          {unreads}
                        </Badge>
                      </Text>
                      {chat.lastMessage && (
                        <Text fontSize="xs" color="fg.muted" truncate>
                          {chat.lastMessage}
                        </Text>
                      )}
                    </Box>
                  ))}
                </Stack>
              )}
            </Popover.Body>
          </Popover.Content>
        </Popover.Positioner>
      </Portal>
    </Popover.Root>
  );
}
