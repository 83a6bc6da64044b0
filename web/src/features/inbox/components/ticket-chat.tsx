import { Box, Button, Center, Flex, HStack, IconButton, Menu, Portal, Spinner, Stack, Text } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { useGetCompanyPlanQuery } from '../../../api/endpoints/company';
import { useDeleteTicketMutation, useGetTicketByUuidQuery } from '../../../api/endpoints/tickets';
import { isAdmin } from '../../../api/session';
import type { Ticket } from '../../../api/types';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { ArrowBackIcon, MoreIcon } from '../../../components/icons';
import { notify } from '../../../components/toaster';
import { useIsNarrow } from '../../../components/use-media';
import { formatPhone } from '../../../lib/format';
import { httpStatus, toastError } from '../../../lib/errors';
import { useSocketRoom } from '../hooks/use-socket-room';
import { useTicketActions } from '../hooks/use-ticket-actions';
import { contactDrawerToggled, mobileTabChanged, replyCleared } from '../model/inbox-slice';
import { CloseTicketButton } from './close-ticket-button';
import { ContactDrawer } from './contact-drawer';
import { MessageInput } from './message-input';
import { MessagesList } from './messages-list';
import { ScheduleDialog } from './schedule-dialog';
import { TagEditor } from './tag-editor';
import { TransferDialog } from './transfer-dialog';
import { can, PERMISSIONS } from '../../../lib/permissions';
import { ServiceLevelBadge } from '../../../components/service-level-badge';

function Header({ ticket }: { ticket: Ticket }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const narrow = useIsNarrow();
  const user = useAppSelector((s) => s.session.user)!;
  const { data: plan } = useGetCompanyPlanQuery(user.companyId);
  const useSchedules = Boolean((plan?.plan ?? plan ?? user.company?.plan)?.useSchedules);
  const actions = useTicketActions();
  const [deleteTicket] = useDeleteTicketMutation();
  const [dialog, setDialog] = useState<'transfer' | 'schedule' | 'delete' | null>(null);

  return (
    <HStack px="2" py="1.5" gap="2" borderBottomWidth="1px" bg="bg.panel" data-testid="chat-header">
      {narrow && (
        <IconButton
          aria-label={t('chat.back')}
          variant="ghost"
          size="sm"
          onClick={() => {
            dispatch(mobileTabChanged('chats'));
            void navigate('/tickets');
          }}
        >
          <ArrowBackIcon />
        </IconButton>
      )}
      <Box
        as="button"
        flex="1"
        minW="0"
        textAlign="start"
        onClick={() => dispatch(contactDrawerToggled())}
        aria-label={t('chat.contactInfo')}
      >
        <Text fontWeight="semibold" truncate data-testid="chat-contact-name">
          {ticket.contact.name}
        </Text>
        <Text fontSize="xs" color="fg.muted" truncate>
          {formatPhone(ticket.contact.number)}
          {ticket.user ? ` · ${t('tickets.assignedTo', { name: ticket.user.name })}` : ''}
        </Text>
      </Box>
      <ServiceLevelBadge ticketId={ticket.id} />
      {ticket.status === 'pending' && (
        <Button size="sm" colorPalette="teal" loading={actions.busy} onClick={() => void actions.accept(ticket)}>
          {t('tickets.accept')}
        </Button>
      )}
      {ticket.status === 'closed' && (
        <Button size="sm" variant="outline" loading={actions.busy} onClick={() => void actions.reopen(ticket)}>
          {t('tickets.reopen')}
        </Button>
      )}
      {ticket.status === 'open' && (
        <HStack gap="1">
          {!narrow && (
            <Button
              size="sm"
              variant="outline"
              onClick={() => void actions.giveBack(ticket)}
              data-testid="return-ticket"
            >
              {t('chat.return')}
            </Button>
          )}
          <CloseTicketButton ticket={ticket} size="sm" colorPalette="teal" data-testid="close-ticket" />
        </HStack>
      )}
      <Menu.Root positioning={{ placement: 'bottom-end' }}>
        <Menu.Trigger asChild>
          <IconButton aria-label={t('chat.more')} variant="ghost" size="sm" data-testid="chat-menu">
            <MoreIcon />
          </IconButton>
        </Menu.Trigger>
        <Portal>
          <Menu.Positioner>
            <Menu.Content>
              {ticket.status === 'open' && narrow && (
                <Menu.Item value="return" onClick={() => void actions.giveBack(ticket)}>
                  {t('chat.return')}
                </Menu.Item>
              )}
              {ticket.status !== 'closed' && (
                <Menu.Item value="transfer" onClick={() => setDialog('transfer')}>
                  {t('chat.transfer')}
                </Menu.Item>
              )}
              {useSchedules && (
                <Menu.Item value="schedule" onClick={() => setDialog('schedule')}>
                  {t('chat.schedule')}
                </Menu.Item>
              )}
              <Menu.Item value="contact" onClick={() => dispatch(contactDrawerToggled(true))}>
                {t('chat.contactInfo')}
              </Menu.Item>
              {can(user, PERMISSIONS.deleteTicket) && (
                <Menu.Item value="delete" color="fg.error" onClick={() => setDialog('delete')}>
                  {t('chat.delete')}
                </Menu.Item>
              )}
            </Menu.Content>
          </Menu.Positioner>
        </Portal>
      </Menu.Root>
      {dialog === 'transfer' && <TransferDialog ticket={ticket} onClose={() => setDialog(null)} />}
      {dialog === 'schedule' && <ScheduleDialog ticket={ticket} onClose={() => setDialog(null)} />}
      <ConfirmDialog
        open={dialog === 'delete'}
        title={t('chat.deleteTicketConfirm', { name: ticket.contact.name })}
        body={t('chat.deleteTicketBody')}
        onClose={() => setDialog(null)}
        onConfirm={() => {
          deleteTicket(ticket.id)
            .unwrap()
            .then(() => {
              notify('success', t('tickets.deleted'));
              void navigate('/tickets');
            })
            .catch(toastError);
        }}
      />
    </HStack>
  );
}

/** One ticket: header with actions, tags, messages, input and the contact drawer. */
export function TicketChat({ uuid }: { uuid: string }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const user = useAppSelector((s) => s.session.user)!;
  const drawerOpen = useAppSelector((s) => s.inbox.contactDrawerOpen);
  const { data: ticket, error, isLoading } = useGetTicketByUuidQuery(uuid);
  useSocketRoom('joinChatBox', ticket?.id, Boolean(ticket));

  // a non-admin opens only tickets of their queues (spec §5)
  const forbidden =
    ticket !== undefined &&
    !isAdmin(user) &&
    ticket.queueId !== null &&
    !user.queues.some((q) => q.id === ticket.queueId);

  useEffect(() => {
    if (forbidden) {
      notify('error', t('tickets.accessDenied'));
      void navigate('/tickets', { replace: true });
    }
  }, [forbidden, navigate, t]);

  useEffect(() => {
    if (!error) return;
    const status = httpStatus(error);
    if (status === 403 || status === 404) notify('error', t('tickets.noAccess'));
    else toastError(error);
    void navigate('/tickets', { replace: true });
  }, [error, navigate, t]);

  useEffect(() => {
    dispatch(replyCleared());
  }, [dispatch, uuid]);

  if (isLoading || !ticket || forbidden) {
    return (
      <Center h="full">
        <Spinner />
      </Center>
    );
  }

  return (
    <Flex h="full" minH="0" position="relative" data-testid="ticket-chat" data-ticket-status={ticket.status}>
      <Stack gap="0" flex="1" minW="0" minH="0">
        <Header ticket={ticket} />
        <TagEditor ticket={ticket} />
        <MessagesList ticketId={ticket.id} />
        <MessageInput ticket={ticket} />
      </Stack>
      {drawerOpen && <ContactDrawer ticket={ticket} onClose={() => dispatch(contactDrawerToggled(false))} />}
    </Flex>
  );
}
