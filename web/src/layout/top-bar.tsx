import { Box, Flex, Heading, IconButton, Popover, Portal, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { useAppDispatch } from '../app/hooks';
import { useListAnnouncementsQuery } from '../api/endpoints/company';
import type { SessionUser } from '../api/types';
import { MegaphoneIcon, MenuIcon, RefreshIcon } from '../components/icons';
import { useIsNarrow } from '../components/use-media';
import { ChatPopover } from './chat-popover';
import { menuItemFor } from './menu';
import { NotificationsPopover } from './notifications-popover';
import { drawerToggled } from './ui-slice';

function ListPopover({ label, icon, children }: { label: string; icon: ReactNode; children: ReactNode }) {
  return (
    <Popover.Root positioning={{ placement: 'bottom-end' }} lazyMount>
      <Popover.Trigger asChild>
        <IconButton aria-label={label} variant="ghost" color="app.topbarFg">
          {icon}
        </IconButton>
      </Popover.Trigger>
      <Portal>
        <Popover.Positioner>
          <Popover.Content w="sm" maxH="popoverMax" overflowY="auto">
            <Popover.Body p="2">{children}</Popover.Body>
          </Popover.Content>
        </Popover.Positioner>
      </Portal>
    </Popover.Root>
  );
}

function Announcements() {
  const { t } = useTranslation();
  const { data } = useListAnnouncementsQuery();
  const records = data?.records ?? [];
  if (records.length === 0)
    return (
      <Text p="2" color="fg.muted">
        {t('common.noRecords')}
      </Text>
    );
  return (
    <Stack gap="2">
      {records.map((a) => (
        <Box key={a.id} p="2" borderRadius="md" bg="bg.subtle">
          <Text fontWeight="semibold">{a.title}</Text>
          <Text fontSize="sm" whiteSpace="pre-wrap">
            {a.text}
          </Text>
        </Box>
      ))}
    </Stack>
  );
}

export function TopBar({ user, connected }: { user: SessionUser; connected: boolean }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const narrow = useIsNarrow();
  const page = menuItemFor(useLocation().pathname);
  return (
    <Flex
      as="header"
      data-realtime={connected ? 'live' : 'offline'}
      h="topbar"
      flexShrink={0}
      align="center"
      gap="1"
      px="2"
      bg="app.topbar"
      color="app.topbarFg"
      boxShadow="sm"
      zIndex="docked"
    >
      <IconButton
        aria-label={t('layout.toggleMenu')}
        variant="ghost"
        color="app.topbarFg"
        onClick={() => dispatch(drawerToggled({ narrow }))}
        data-testid="menu-toggle"
      >
        <MenuIcon />
      </IconButton>
      <Heading size="md" fontWeight="bold" letterSpacing="tight" whiteSpace="nowrap" data-testid="page-title">
        {page ? t(`menu.${page.label}`) : 'Atendimento'}
      </Heading>
      <Text flex="1" fontSize="sm" px="3" truncate hideBelow="md" data-testid="greeting">
        {t('layout.greeting', { name: user.name, company: user.company?.name ?? '' })}
      </Text>
      <Box flex="1" hideFrom="md" />
      <IconButton
        aria-label={t('layout.refresh')}
        variant="ghost"
        color="app.topbarFg"
        onClick={() => window.location.reload()}
      >
        <RefreshIcon />
      </IconButton>
      <ListPopover label={t('layout.announcements')} icon={<MegaphoneIcon />}>
        <Announcements />
      </ListPopover>
      <NotificationsPopover user={user} connected={connected} />
      <ChatPopover connected={connected} />
    </Flex>
  );
}
