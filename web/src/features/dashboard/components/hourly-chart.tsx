import { Box, Flex, Heading, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';

/** The tickets-per-hour bar chart of the period: 24 hourly slots, each bar labelled with its hour and count. */
export function HourlyChart({ hours }: { hours: number[] }) {
  const { t } = useTranslation();
  const max = Math.max(1, ...hours);
  return (
    <Stack gap="2" bg="bg.panel" borderWidth="1px" borderRadius="md" p="4" data-testid="hourly-chart">
      <Heading size="sm">{t('dashboard.perHour')}</Heading>
      <Flex h="48" align="flex-end" gap="1" role="list">
        {hours.map((count, hour) => (
          <Flex
            key={hour}
            role="listitem"
            direction="column"
            align="center"
            justify="flex-end"
            flex="1"
            h="full"
            minW="0"
            aria-label={t('dashboard.hourBar', { hour: String(hour).padStart(2, '0'), count })}
            title={t('dashboard.hourBar', { hour: String(hour).padStart(2, '0'), count })}
            data-testid={`hour-${hour}`}
            data-count={count}
          >
            {count > 0 && (
              <Text fontSize="2xs" color="fg.muted">
                {count}
              </Text>
            )}
            <Box w="full" bg="brand.500" borderTopRadius="sm" style={{ height: `${(count / max) * 85}%` }} />
          </Flex>
        ))}
      </Flex>
      <Flex gap="1">
        {hours.map((_, hour) => (
          <Text key={hour} flex="1" minW="0" fontSize="2xs" color="fg.muted" textAlign="center">
            {hour % 3 === 0 ? String(hour).padStart(2, '0') : ''}
          </Text>
        ))}
      </Flex>
    </Stack>
  );
}
