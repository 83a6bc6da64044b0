import { Box } from '@chakra-ui/react';
import type { QueueIntegrationType } from '@cs/proto/events';

const LOOK: Record<QueueIntegrationType, { bg: string; text: string }> = {
  dialogflow: { bg: 'orange.500', text: 'DF' },
  n8n: { bg: 'pink.600', text: 'n8n' },
  webhook: { bg: 'purple.600', text: 'WH' },
  typebot: { bg: 'blue.600', text: 'TB' },
};

/** The type's mark in the integrations table (spec §2: the type's logo). */
export function IntegrationLogo({ type }: { type: QueueIntegrationType }) {
  const look = LOOK[type];
  return (
    <Box
      as="span"
      display="inline-flex"
      alignItems="center"
      justifyContent="center"
      w="9"
      h="9"
      rounded="full"
      bg={look.bg}
      color="white"
      fontSize="xs"
      fontWeight="bold"
      aria-label={type}
      data-testid={`integration-logo-${type}`}
    >
      {look.text}
    </Box>
  );
}
