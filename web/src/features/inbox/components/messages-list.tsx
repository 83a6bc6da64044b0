import { Box, Center, Flex, Spinner, Text } from '@chakra-ui/react';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type UIEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch } from '../../../app/hooks';
import { useDeleteMessageMutation, useGetMessagesInfiniteQuery } from '../../../api/endpoints/messages';
import type { Message } from '../../../api/types';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { formatDateTime, formatDay } from '../../../lib/format';
import { toastError } from '../../../lib/errors';
import { replyStarted } from '../model/inbox-slice';
import { buildMessageRows, orderMessages, type MessageRow } from '../utils/message-rows';
import { EditMessageDialog } from './edit-message-dialog';
import { MessageItem } from './message-item';

/** Older messages load when the list is scrolled within this distance of the top. */
export const MESSAGES_TOP_THRESHOLD_PX = 50;

function Marker({ children, tone }: { children: string; tone: 'day' | 'marker' }) {
  return (
    <Center py="2">
      <Text
        fontSize="xs"
        px="3"
        py="1"
        borderRadius="md"
        bg={tone === 'day' ? 'chat.divider' : 'chat.marker'}
        color="fg.muted"
        boxShadow="xs"
        data-testid={tone === 'day' ? 'day-divider' : 'ticket-marker'}
      >
        {children}
      </Text>
    </Center>
  );
}

/**
 * The conversation, virtualised (only the rows on screen are in the DOM, so 10,000 messages scroll smoothly).
 * It opens at the newest message, follows new ones while the reader is at the bottom, and keeps its place when
 * an older page is prepended.
 */
export function MessagesList({ ticketId, readOnly }: { ticketId: number; readOnly?: boolean }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const { data, isLoading, isError, hasNextPage, isFetchingNextPage, fetchNextPage } =
    useGetMessagesInfiniteQuery(ticketId);
  const [deleteMessage] = useDeleteMessageMutation();
  const [toDelete, setToDelete] = useState<Message | null>(null);
  const [toEdit, setToEdit] = useState<Message | null>(null);
  const scroller = useRef<HTMLDivElement>(null);
  const atBottom = useRef(true);
  const firstKey = useRef<string | null>(null);
  const initialised = useRef(false);

  const rows = useMemo(() => buildMessageRows(orderMessages(data?.pages ?? [])), [data]);

  // eslint-disable-next-line react-hooks/incompatible-library -- its functions are read on every render, never memoised
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => 64,
    overscan: 12,
    getItemKey: (index) => rows[index]?.key ?? index,
  });

  // keep the position when older messages are prepended; follow the bottom when new ones arrive
  useLayoutEffect(() => {
    if (rows.length === 0) return;
    const previousFirst = firstKey.current;
    firstKey.current = rows[0]?.key ?? null;
    if (!initialised.current) {
      initialised.current = true;
      virtualizer.scrollToIndex(rows.length - 1, { align: 'end' });
      return;
    }
    if (previousFirst && previousFirst !== rows[0]?.key) {
      const prepended = rows.findIndex((row) => row.key === previousFirst);
      if (prepended > 0) virtualizer.scrollToIndex(prepended, { align: 'start' });
      return;
    }
    if (atBottom.current) virtualizer.scrollToIndex(rows.length - 1, { align: 'end' });
  }, [rows, virtualizer]);

  useEffect(() => {
    initialised.current = false;
    firstKey.current = null;
    atBottom.current = true;
  }, [ticketId]);

  const onScroll = (event: UIEvent<HTMLDivElement>) => {
    const el = event.currentTarget;
    atBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight < 80;
    if (el.scrollTop < MESSAGES_TOP_THRESHOLD_PX && hasNextPage && !isFetchingNextPage) void fetchNextPage();
  };

  const onReply = useCallback((message: Message) => dispatch(replyStarted(message)), [dispatch]);
  const onDelete = useCallback((message: Message) => setToDelete(message), []);
  const onEdit = useCallback((message: Message) => setToEdit(message), []);

  const renderRow = (row: MessageRow) => {
    switch (row.kind) {
      case 'day':
        return <Marker tone="day">{formatDay(row.date)}</Marker>;
      case 'ended':
        return <Marker tone="marker">{t('chat.conversationEnded', { date: formatDateTime(row.date) })}</Marker>;
      case 'started':
        return <Marker tone="marker">{t('chat.conversationStarted', { date: formatDateTime(row.date) })}</Marker>;
      default:
        return (
          <Flex direction="column" px={{ base: '2', md: '6' }} py="0.5">
            <MessageItem
              message={row.message}
              readOnly={readOnly}
              onReply={onReply}
              onDelete={onDelete}
              onEdit={onEdit}
            />
          </Flex>
        );
    }
  };

  return (
    <Box
      ref={scroller}
      flex="1"
      minH="0"
      overflowY="auto"
      bg="chat.bg"
      onScroll={onScroll}
      data-testid="messages-list"
      aria-live="polite"
    >
      {isFetchingNextPage && (
        <Center py="2">
          <Spinner size="sm" />
        </Center>
      )}
      {isLoading && (
        <Center h="full">
          <Spinner />
        </Center>
      )}
      {isError && (
        <Center h="full">
          <Text color="fg.muted">{t('chat.loadError')}</Text>
        </Center>
      )}
      <Box position="relative" w="full" h={`${virtualizer.getTotalSize()}px`}>
        {virtualizer.getVirtualItems().map((item) => {
          const row = rows[item.index];
          if (!row) return null;
          return (
            <Box
              key={item.key}
              data-index={item.index}
              ref={virtualizer.measureElement}
              position="absolute"
              top="0"
              left="0"
              w="full"
              transform={`translateY(${item.start}px)`}
            >
              {renderRow(row)}
            </Box>
          );
        })}
      </Box>
      {toEdit && <EditMessageDialog message={toEdit} onClose={() => setToEdit(null)} />}
      <ConfirmDialog
        open={toDelete !== null}
        title={t('chat.deleteMessageConfirm')}
        body={t('chat.deleteMessageBody')}
        onClose={() => setToDelete(null)}
        onConfirm={() => {
          if (toDelete) deleteMessage(toDelete.id).unwrap().catch(toastError);
        }}
      />
    </Box>
  );
}
