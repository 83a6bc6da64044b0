import { Box, Button, Center, Flex, Stack, Tabs, Text } from '@chakra-ui/react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { ChatIcon } from '../../../components/icons';
import { useIsNarrow } from '../../../components/use-media';
import { mobileTabChanged } from '../model/inbox-slice';
import { TicketChat } from './ticket-chat';
import { TicketsManager } from './tickets-manager';

function NoTicket() {
  const { t } = useTranslation();
  return (
    <Center h="full" bg="chat.bg">
      <Stack align="center" color="fg.muted">
        <ChatIcon boxSize="12" />
        <Text>{t('tickets.noTicketSelected')}</Text>
      </Stack>
    </Center>
  );
}

/** `/tickets` and `/tickets/{uuid}`: list and chat side by side, or two bottom tabs on a narrow screen. */
export function TicketsWorkspace() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const { ticketUuid } = useParams();
  const narrow = useIsNarrow();
  const mobileTab = useAppSelector((s) => s.inbox.mobileTab);

  useEffect(() => {
    if (ticketUuid) dispatch(mobileTabChanged('ticket'));
  }, [dispatch, ticketUuid]);

  if (!narrow) {
    return (
      <Flex h="full" minH="0" data-testid="workspace-wide">
        <Box w="listPane" flexShrink={0} borderRightWidth="1px" minH="0">
          <TicketsManager />
        </Box>
        <Box flex="1" minW="0" minH="0">
          {ticketUuid ? <TicketChat key={ticketUuid} uuid={ticketUuid} /> : <NoTicket />}
        </Box>
      </Flex>
    );
  }

  return (
    <Flex direction="column" h="full" minH="0" data-testid="workspace-narrow">
      <Box flex="1" minH="0">
        {mobileTab === 'chats' ? (
          <TicketsManager />
        ) : ticketUuid ? (
          <TicketChat key={ticketUuid} uuid={ticketUuid} />
        ) : (
          <Center h="full">
            <Button colorPalette="teal" onClick={() => dispatch(mobileTabChanged('chats'))} data-testid="select-ticket">
              {t('tickets.selectTicket')}
            </Button>
          </Center>
        )}
      </Box>
      <Tabs.Root
        value={mobileTab}
        onValueChange={(e) => dispatch(mobileTabChanged(e.value as 'ticket' | 'chats'))}
        fitted
        variant="line"
      >
        <Tabs.List borderTopWidth="1px" bg="bg.panel">
          <Tabs.Trigger value="ticket" data-testid="mobile-tab-ticket">
            {t('tickets.tabs.ticket')}
          </Tabs.Trigger>
          <Tabs.Trigger value="chats" data-testid="mobile-tab-chats">
            {t('tickets.tabs.chats')}
          </Tabs.Trigger>
        </Tabs.List>
      </Tabs.Root>
    </Flex>
  );
}
