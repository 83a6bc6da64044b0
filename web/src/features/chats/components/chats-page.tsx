import { Badge, Box, Button, Center, Flex, Heading, HStack, Input, Stack, Tabs, Text } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import { useAppSelector } from '../../../app/hooks';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { AddIcon } from '../../../components/icons';
import { isNearBottom } from '../../../components/page';
import { RowActions } from '../../../components/row-actions';
import { useIsNarrow } from '../../../components/use-media';
import { useManagedList } from '../../../components/use-managed-list';
import {
  type Chat,
  unreadsOf,
  useDeleteChatMutation,
  useGetChatQuery,
  useGetChatsPageInfiniteQuery,
  useReadChatMutation,
} from '../api/chats-api';
import { ChatDialog } from './chat-dialog';
import { ChatMessages } from './chat-messages';

function ChatList({
  selected,
  meId,
  onSelect,
}: {
  selected: string | undefined;
  meId: number;
  onSelect: (chat: Chat) => void;
}) {
  const { t } = useTranslation();
  const {
    search,
    records: chats,
    scroll,
  } = useManagedList({
    query: useGetChatsPageInfiniteQuery,
    pick: (page) => page.records,
  });
  return (
    <Flex direction="column" h="full" minH="0">
      <Box p="2">
        <Input
          size="sm"
          type="search"
          aria-label={t('common.search')}
          placeholder={t('common.search')}
          value={search.value}
          onChange={(e) => search.onChange(e.target.value)}
        />
      </Box>
      <Box
        flex="1"
        minH="0"
        overflowY="auto"
        onScroll={(e) => {
          if (scroll.hasMore && !scroll.loading && isNearBottom(e.currentTarget)) scroll.onLoadMore();
        }}
      >
        {chats.length === 0 && !scroll.loading && (
          <Text p="3" color="fg.muted">
            {t('chats.noChats')}
          </Text>
        )}
        {chats.map((chat) => {
          const unreads = unreadsOf(chat, meId);
          return (
            <Box
              key={chat.id}
              as="button"
              w="full"
              textAlign="start"
              px="3"
              py="2"
              borderBottomWidth="1px"
              bg={chat.uuid === selected ? 'bg.emphasized' : undefined}
              _hover={{ bg: 'bg.subtle' }}
              onClick={() => onSelect(chat)}
              data-testid="chat-item"
            >
              <HStack justify="space-between">
                <Text fontWeight="semibold" truncate>
                  {chat.title}
                </Text>
                {unreads > 0 && (
                  <Badge colorPalette="green" variant="solid" borderRadius="full" data-testid="chat-unread">
                    {unreads}
                  </Badge>
                )}
              </HStack>
              {chat.lastMessage && (
                <Text fontSize="xs" color="fg.muted" truncate>
                  {chat.lastMessage}
                </Text>
              )}
            </Box>
          );
        })}
      </Box>
    </Flex>
  );
}

function ChatPanel({ uuid, meId, companyId }: { uuid: string; meId: number; companyId: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { data: chat, isError } = useGetChatQuery(uuid);
  const [read] = useReadChatMutation();
  const [remove] = useDeleteChatMutation();
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const unreads = chat ? unreadsOf(chat, meId) : 0;

  // selecting a chat marks its unread messages read (spec §4)
  useEffect(() => {
    if (chat && unreads > 0) void read(chat.id);
  }, [chat, unreads, meId, read]);
  // a chat deleted (or left) while open: back to /chats
  useEffect(() => {
    if (isError) void navigate('/chats', { replace: true });
  }, [isError, navigate]);

  if (!chat)
    return (
      <Center h="full" color="fg.muted">
        {t('common.loading')}
      </Center>
    );
  return (
    <Flex direction="column" h="full" minH="0" data-testid="chat-panel">
      <HStack px="3" py="2" borderBottomWidth="1px" justify="space-between">
        <Heading size="sm" truncate data-testid="chat-title">
          {chat.title}
        </Heading>
        {chat.ownerId === meId && (
          <RowActions label={chat.title} onEdit={() => setEditing(true)} onDelete={() => setDeleting(true)} />
        )}
      </HStack>
      <Box flex="1" minH="0">
        <ChatMessages chat={chat} companyId={companyId} meId={meId} />
      </Box>
      {editing && <ChatDialog chat={chat} meId={meId} onClose={() => setEditing(false)} onSaved={() => undefined} />}
      <ConfirmDialog
        open={deleting}
        title={t('chats.deleteConfirm')}
        body={chat.title}
        onConfirm={() => {
          void remove(chat.id)
            .unwrap()
            .then(() => navigate('/chats'))
            .catch(() => undefined);
        }}
        onClose={() => setDeleting(false)}
      />
    </Flex>
  );
}

/** `/chats/{uuid?}`: the caller's chats with unread badges beside the open chat; two tabs on narrow screens. */
export function ChatsPage() {
  const { t } = useTranslation();
  const { id } = useParams<{ id?: string }>();
  const navigate = useNavigate();
  const narrow = useIsNarrow();
  const user = useAppSelector((s) => s.session.user);
  const [creating, setCreating] = useState(false);
  const [tab, setTab] = useState<'chats' | 'messages'>(id ? 'messages' : 'chats');
  const meId = user?.id ?? 0;
  const companyId = user?.companyId ?? 0;
  const select = (chat: Chat) => {
    void navigate(`/chats/${chat.uuid}`);
    setTab('messages');
  };

  const list = <ChatList selected={id} meId={meId} onSelect={select} />;
  const panel = id ? (
    <ChatPanel key={id} uuid={id} meId={meId} companyId={companyId} />
  ) : (
    <Center h="full" color="fg.muted">
      {t('chats.select')}
    </Center>
  );

  return (
    <Flex direction="column" h="full" minH="0" p={{ base: '2', md: '4' }} gap="3" data-testid="chats-page">
      <HStack justify="space-between">
        <Heading size="lg" data-testid="page-title">
          {t('chats.title')}
        </Heading>
        <Button size="sm" colorPalette="teal" onClick={() => setCreating(true)} data-testid="chat-new">
          <AddIcon /> {t('chats.new')}
        </Button>
      </HStack>
      <Box flex="1" minH="0" borderWidth="1px" borderRadius="md" bg="bg.panel" overflow="hidden">
        {narrow ? (
          <Tabs.Root
            value={tab}
            onValueChange={(e) => setTab(e.value as 'chats' | 'messages')}
            h="full"
            display="flex"
            flexDirection="column"
          >
            <Tabs.List>
              <Tabs.Trigger value="chats">{t('chats.chatsTab')}</Tabs.Trigger>
              <Tabs.Trigger value="messages">{t('chats.messagesTab')}</Tabs.Trigger>
            </Tabs.List>
            <Tabs.Content value="chats" flex="1" minH="0" p="0">
              {list}
            </Tabs.Content>
            <Tabs.Content value="messages" flex="1" minH="0" p="0">
              {panel}
            </Tabs.Content>
          </Tabs.Root>
        ) : (
          <Flex h="full">
            <Stack w="xs" flexShrink={0} borderEndWidth="1px" h="full" gap="0">
              {list}
            </Stack>
            <Box flex="1" minW="0" h="full">
              {panel}
            </Box>
          </Flex>
        )}
      </Box>
      {creating && <ChatDialog chat={null} meId={meId} onClose={() => setCreating(false)} onSaved={select} />}
    </Flex>
  );
}
