import { Center, Heading, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';

export default function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <Center h="full" p="8">
      <Stack textAlign="center">
        <Heading size="3xl">404</Heading>
        <Text color="fg.muted">{t('common.noRecords')}</Text>
      </Stack>
    </Center>
  );
}
