import { Box, Center, Flex, HStack, IconButton, Input, Spinner, Stack, Text } from '@chakra-ui/react';
import { useCallback, useEffect, useLayoutEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { channel } from '@cs/proto/realtime';
import { SendIcon } from '../../../components/icons';
import { useLiveEvent } from '../../../components/use-live-event';
import { formatDateTime } from '../../../lib/format';
import {
  type Chat,
  type ChatMessage,
  useLazyGetChatMessagesQuery,
  useReadChatMutation,
  useSendChatMessageMutation,
} from '../api/chats-api';

/** Older messages load when the panel is scrolled under this distance from its top (spec §9). */
export const OLDER_MESSAGES_THRESHOLD_PX = 600;

/** Appends messages not yet shown, keeping the order by id. */
export function mergeMessages(current: readonly ChatMessage[], incoming: readonly ChatMessage[]): ChatMessage[] {
  const byId = new Map(current.map((message) => [message.id, message]));
  for (const message of incoming) byId.set(message.id, message);
  return [...byId.values()].sort((a, b) => a.id - b.id);
}

/** The open chat's messages: newest at the bottom, older pages above, new ones live; sending ignores blanks. */
export function ChatMessages({ chat, companyId, meId }: { chat: Chat; companyId: number; meId: number }) {
  const { t } = useTranslation();
  const [fetchPage] = useLazyGetChatMessagesQuery();
  const [send] = useSendChatMessageMutation();
  const [read] = useReadChatMutation();
  const [messages, setMessages] = useState<ChatMessage[]>([]);
  const [page, setPage] = useState(0);
  const [hasMore, setHasMore] = useState(true);
  const [loading, setLoading] = useState(false);
  const [draft, setDraft] = useState('');
  const scroller = useRef<HTMLDivElement>(null);
  const anchor = useRef<{ height: number; top: number } | null>(null);
  const stickToBottom = useRef(true);

  const loadPage = useCallback(
    async (pageNumber: number) => {
      setLoading(true);
      try {
        const result = await fetchPage({ chatId: chat.id, pageNumber }).unwrap();
        const el = scroller.current;
        if (el && pageNumber > 1) anchor.current = { height: el.scrollHeight, top: el.scrollTop };
        setMessages((current) => mergeMessages(current, result.records));
        setHasMore(result.hasMore);
        setPage(pageNumber);
      } catch {
        // chat failures are silently ignored (spec §6)
      } finally {
        setLoading(false);
      }
    },
    [chat.id, fetchPage],
  );

  useEffect(() => {
    setMessages([]);
    setPage(0);
    setHasMore(true);
    stickToBottom.current = true;
    void loadPage(1);
  }, [chat.id, loadPage]);

  // keep the reading position when older messages are prepended; follow the bottom otherwise
  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el) return;
    if (anchor.current) {
      el.scrollTop = el.scrollHeight - anchor.current.height + anchor.current.top;
      anchor.current = null;
    } else if (stickToBottom.current) {
      el.scrollTop = el.scrollHeight;
    }
  }, [messages]);

  useLiveEvent(channel.chatOf(companyId, chat.id), (event) => {
    if (event.action !== 'new-message') return;
    const el = scroller.current;
    stickToBottom.current = !el || el.scrollHeight - el.scrollTop - el.clientHeight < 200;
    setMessages((current) => mergeMessages(current, [event.newMessage]));
    if (event.newMessage.senderId !== meId) void read(chat.id);
  });

  const onScroll = () => {
    const el = scroller.current;
    if (!el || loading || !hasMore || page === 0) return;
    if (el.scrollTop < OLDER_MESSAGES_THRESHOLD_PX) void loadPage(page + 1);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const text = draft.trim();
    if (!text) return;
    setDraft('');
    try {
      const sent = await send({ chatId: chat.id, message: text }).unwrap();
      stickToBottom.current = true;
      setMessages((current) => mergeMessages(current, [sent]));
    } catch {
      // chat failures are silently ignored (spec §6)
    }
  };

  return (
    <Flex direction="column" h="full" minH="0">
      <Box ref={scroller} flex="1" minH="0" overflowY="auto" p="3" onScroll={onScroll} data-testid="chat-messages">
        {loading && page > 0 && (
          <Center py="2" gap="2" color="fg.muted" fontSize="sm">
            <Spinner size="xs" /> {t('chats.loadingOlder')}
          </Center>
        )}
        <Stack gap="2">
          {messages.map((message) => {
            const mine = message.senderId === meId;
            return (
              <Box
                key={message.id}
                alignSelf={mine ? 'flex-end' : 'flex-start'}
                maxW="80%"
                px="3"
                py="2"
                borderRadius="lg"
                bg={mine ? 'teal.subtle' : 'bg.muted'}
                data-testid="chat-message"
              >
                <Text fontSize="xs" fontWeight="semibold" color="fg.muted">
                  {message.sender.name}
                </Text>
                <Text whiteSpace="pre-wrap" wordBreak="break-word">
                  {message.message}
                </Text>
                <Text fontSize="2xs" color="fg.muted" textAlign="end">
                  {formatDateTime(message.createdAt)}
                </Text>
              </Box>
            );
          })}
        </Stack>
      </Box>
      <form onSubmit={(event) => void submit(event)}>
        <HStack p="2" borderTopWidth="1px">
          <Input
            aria-label={t('chats.typeMessage')}
            placeholder={t('chats.typeMessage')}
            value={draft}
            onChange={(e) => setDraft(e.target.value)}
            data-testid="chat-input"
          />
          <IconButton type="submit" aria-label={t('chats.send')} colorPalette="teal">
            <SendIcon />
          </IconButton>
        </HStack>
      </form>
    </Flex>
  );
}
