import { Box, Drawer, Flex, Portal, Stack, Text } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../app/hooks';
import { useGetCompanyPlanQuery, useListConnectionsQuery } from '../api/endpoints/company';
import { isAdmin } from '../api/session';
import type { SessionUser } from '../api/types';
import { useIsNarrow } from '../components/use-media';
import { AccountMenu } from './account-menu';
import { CONNECTION_CHECK_DELAY_MS, hasUnhealthyConnection, visibleMenu } from './menu';
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

function MenuList({ user, collapsed, onNavigate }: { user: SessionUser; collapsed: boolean; onNavigate: () => void }) {
  const { t } = useTranslation();
  const { data: plan } = useGetCompanyPlanQuery(user.companyId);
  const flags = plan?.plan ?? plan ?? user.company?.plan ?? null;
  const items = visibleMenu(user, flags);
  const admin = isAdmin(user);
  return (
    <Stack as="nav" gap="0.5" flex="1" overflowY="auto" py="2" aria-label="menu">
      {items.map((item) => (
        <NavLink key={item.key} to={item.path} end={item.path === '/'} onClick={onNavigate}>
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
              <Box
                w="6"
                h="6"
                borderRadius="full"
                bg="brand.500"
                color="white"
                fontSize="xs"
                display="flex"
                alignItems="center"
                justifyContent="center"
                flexShrink={0}
              >
                {t(`menu.${item.label}`).charAt(0)}
              </Box>
              {!collapsed && <Text flex="1">{t(`menu.${item.label}`)}</Text>}
              {admin && item.key === 'connections' && <ConnectionsBadge />}
            </Flex>
          )}
        </NavLink>
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
