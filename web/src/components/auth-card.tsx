import { Box, Center, Heading, HStack, Stack } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { LanguageSelect } from './language-select';

export function AuthCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Center minH="100dvh" p="4" bg="app.bg">
      <Box w="full" maxW="md" bg="bg.panel" borderRadius="xl" boxShadow="md" p={{ base: '5', md: '8' }}>
        <Stack gap="6">
          <HStack justify="space-between">
            <Heading size="xl" color="brand.600" _dark={{ color: 'brand.300' }}>
              {title}
            </Heading>
            <LanguageSelect size="xs" />
          </HStack>
          {children}
        </Stack>
      </Box>
    </Center>
  );
}
