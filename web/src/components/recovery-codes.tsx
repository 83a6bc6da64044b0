import { Button, HStack, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { notify } from './toaster';

/** The one-time recovery codes, shown once after an enrolment (only their hashes are kept). */
export function RecoveryCodes({ codes, onDone }: { codes: readonly string[]; onDone: () => void }) {
  const { t } = useTranslation();
  const copy = async () => {
    await navigator.clipboard?.writeText(codes.join('\n'));
    notify('success', t('twoFactor.copied'));
  };
  return (
    <Stack gap="4" data-testid="recovery-codes">
      <Text fontWeight="semibold">{t('twoFactor.recoveryTitle')}</Text>
      <Text fontSize="sm" color="fg.muted">
        {t('twoFactor.recoveryHint')}
      </Text>
      <SimpleGrid columns={2} gap="2" fontFamily="mono" fontSize="sm">
        {codes.map((code) => (
          <Text key={code} data-testid="recovery-code">
            {code}
          </Text>
        ))}
      </SimpleGrid>
      <HStack justify="space-between">
        <Button variant="outline" size="sm" onClick={() => void copy()}>
          {t('twoFactor.copy')}
        </Button>
        <Button colorPalette="teal" size="sm" onClick={onDone} data-testid="recovery-done">
          {t('twoFactor.recoveryDone')}
        </Button>
      </HStack>
    </Stack>
  );
}
