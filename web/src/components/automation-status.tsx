import { Badge, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { AutomationLastError } from '@cs/proto/http';
import { formatDateTime } from '../lib/format';

/**
 * A prompt's or queue integration's health for the admin: a stored key the server cannot read any more (enter it
 * again) and the last failure answering a customer (when, and what), cleared by the server on its next success.
 */
export function AutomationStatus({
  lastError,
  keyUnreadable,
}: {
  readonly lastError: AutomationLastError;
  readonly keyUnreadable: boolean;
}) {
  const { t } = useTranslation();
  if (!lastError && !keyUnreadable) return null;
  return (
    <Stack gap="1" data-testid="automation-status">
      {keyUnreadable && (
        <Badge colorPalette="red" alignSelf="start" data-testid="key-unreadable">
          {t('automationStatus.keyUnreadable')}
        </Badge>
      )}
      {lastError && (
        <Text fontSize="xs" color="orange.fg" data-testid="last-error">
          {t('automationStatus.lastError', { at: formatDateTime(lastError.at), message: lastError.message })}
        </Text>
      )}
    </Stack>
  );
}
