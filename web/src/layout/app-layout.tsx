import { Box, Flex } from '@chakra-ui/react';
import { Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { useAppSelector } from '../app/hooks';
import { isAdmin } from '../api/session';
import { PageLoader } from '../components/page-loader';
import { useRealtimeSync } from '../realtime/use-realtime-sync';
import { FirstConnectionBanner } from './first-connection-banner';
import { SideDrawer } from './side-drawer';
import { TopBar } from './top-bar';

export default function AppLayout() {
  const user = useAppSelector((s) => s.session.user);
  const connected = useRealtimeSync();
  if (!user) return <PageLoader />;
  return (
    <Flex direction="column" h="100dvh" overflow="hidden">
      <TopBar user={user} connected={connected} />
      <Flex flex="1" minH="0">
        <SideDrawer user={user} />
        <Flex as="main" direction="column" flex="1" minW="0" minH="0" overflow="hidden">
          {isAdmin(user) && <FirstConnectionBanner />}
          <Box flex="1" minH="0" overflow="hidden">
            <Suspense fallback={<PageLoader />}>
              <Outlet context={{ connected }} />
            </Suspense>
          </Box>
        </Flex>
      </Flex>
    </Flex>
  );
}
