import { Button, Flex, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { useListConnectionsQuery } from '../api/endpoints/company';

/**
 * A company without any WhatsApp connection (a fresh sign-up) cannot receive a ticket: its admin is pointed to
 * /connections from every page until the first connection exists.
 */
export function FirstConnectionBanner() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const { data, isSuccess } = useListConnectionsQuery();
  if (!isSuccess || (data?.length ?? 0) > 0 || pathname.startsWith('/connections')) return null;
  return (
    <Flex
      align="center"
      gap="3"
      px="4"
      py="2"
      wrap="wrap"
      bg="bg.info"
      borderBottomWidth="1px"
      role="status"
      data-testid="first-connection"
    >
      <Text flex="1" minW="48" fontSize="sm">
        {t('layout.firstConnection')}
      </Text>
      <Button asChild size="xs" colorPalette="teal">
        <RouterLink to="/connections">{t('layout.firstConnectionAction')}</RouterLink>
      </Button>
    </Flex>
  );
}
