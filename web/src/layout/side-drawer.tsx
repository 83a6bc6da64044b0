import { Box, Drawer, Flex, Portal, Separator, Stack, Text } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../app/hooks';
import { useGetCompanyPlanQuery, useListConnectionsQuery } from '../api/endpoints/company';
import { isAdmin } from '../api/session';
import type { SessionUser } from '../api/types';
import { useIsNarrow } from '../components/use-media';
import { AccountMenu } from './account-menu';
import { CONNECTION_CHECK_DELAY_MS, hasUnhealthyConnection, type MenuItem, menuGroups, visibleMenu } from './menu';
import { drawerClosed } from './ui-slice';

function ConnectionsBadge() {
  const { t } = useTranslation();
  const [armed, setArmed] = useState(false);
  useEffect(() => {
    const timer = window.setTimeout(() => setArmed(true), CONNECTION_CHECK_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, []);
  const { data = [] } = useListConnectionsQuery(undefined, { skip: !armed });
  if (!armed || !hasUnhealthyConnection(data)) return null;
  return (
    <Box
      as="span"
      data-testid="connections-badge"
      title={t('layout.connectionsAttention')}
      bg="badge.alert"
      color="white"
      borderRadius="full"
      px="1.5"
      fontSize="xs"
      fontWeight="bold"
    >
      !
    </Box>
  );
}

function MenuEntry({
  item,
  collapsed,
  admin,
  onNavigate,
}: {
  item: MenuItem;
  collapsed: boolean;
  admin: boolean;
  onNavigate: () => void;
}) {
  const { t } = useTranslation();
  const Icon = item.icon;
  return (
    <NavLink to={item.path} end={item.path === '/'} onClick={onNavigate} data-testid={`menu-${item.key}`}>
      {({ isActive }) => (
        <Flex
          align="center"
          gap="3"
          px="4"
          py="2.5"
          mx="2"
          borderRadius="md"
          bg={isActive ? 'app.selected' : undefined}
          fontWeight={isActive ? 'semibold' : 'normal'}
          _hover={{ bg: 'app.selected' }}
          title={t(`menu.${item.label}`)}
        >
          <Icon size={20} strokeWidth={isActive ? 2.25 : 1.75} aria-hidden style={{ flexShrink: 0 }} />
          {!collapsed && <Text flex="1">{t(`menu.${item.label}`)}</Text>}
          {admin && item.key === 'connections' && <ConnectionsBadge />}
        </Flex>
      )}
    </NavLink>
  );
}

function MenuList({ user, collapsed, onNavigate }: { user: SessionUser; collapsed: boolean; onNavigate: () => void }) {
  const { t } = useTranslation();
  const { data: plan } = useGetCompanyPlanQuery(user.companyId);
  const flags = plan?.plan ?? plan ?? user.company?.plan ?? null;
  const groups = menuGroups(visibleMenu(user, flags));
  const admin = isAdmin(user);
  return (
    <Stack as="nav" gap="0.5" flex="1" overflowY="auto" py="2" aria-label="menu">
      {groups.map((group) => (
        <Stack
          key={group.key}
          gap="0.5"
          role="group"
          aria-label={group.key === 'administration' ? t('menu.administration') : undefined}
        >
          {group.key === 'administration' &&
            (collapsed ? (
              <Separator my="2" mx="3" />
            ) : (
              <Text
                px="6"
                pt="3"
                pb="1"
                fontSize="xs"
                fontWeight="semibold"
                textTransform="uppercase"
                letterSpacing="wide"
                color="fg.muted"
                data-testid="menu-group-administration"
              >
                {t('menu.administration')}
              </Text>
            ))}
          {group.items.map((item) => (
            <MenuEntry key={item.key} item={item} collapsed={collapsed} admin={admin} onNavigate={onNavigate} />
          ))}
        </Stack>
      ))}
    </Stack>
  );
}

/** The left drawer: permanent (and collapsible) on wide screens, temporary under 600 px. */
export function SideDrawer({ user }: { user: SessionUser }) {
  const dispatch = useAppDispatch();
  const narrow = useIsNarrow();
  const { drawerOpen, drawerCollapsed } = useAppSelector((s) => s.ui);

  if (narrow) {
    return (
      <Drawer.Root open={drawerOpen} placement="start" onOpenChange={(e) => !e.open && dispatch(drawerClosed())}>
        <Portal>
          <Drawer.Backdrop />
          <Drawer.Positioner>
            <Drawer.Content maxW="drawer" bg="app.drawer" data-testid="drawer-temporary">
              <Flex direction="column" h="full">
                <MenuList user={user} collapsed={false} onNavigate={() => dispatch(drawerClosed())} />
                <AccountMenu user={user} collapsed={false} />
              </Flex>
            </Drawer.Content>
          </Drawer.Positioner>
        </Portal>
      </Drawer.Root>
    );
  }
  return (
    <Flex
      as="aside"
      direction="column"
      w={drawerCollapsed ? 'drawerCollapsed' : 'drawer'}
      flexShrink={0}
      bg="app.drawer"
      borderRightWidth="1px"
      transition="width 0.2s"
      data-testid="drawer-permanent"
      data-collapsed={drawerCollapsed}
    >
      <MenuList user={user} collapsed={drawerCollapsed} onNavigate={() => undefined} />
      <AccountMenu user={user} collapsed={drawerCollapsed} />
    </Flex>
  );
}
