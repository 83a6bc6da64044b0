import { Button, HStack, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { notify } from './toaster';

/** Saves the codes as a text file. */
function download(codes: readonly string[]) {
  const url = URL.createObjectURL(new Blob([`${codes.join('\n')}\n`], { type: 'text/plain;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = 'codigos-de-recuperacao.txt';
  link.click();
  URL.revokeObjectURL(url);
}

/**
 * The one-time recovery codes, shown once after an enrolment or a regeneration (only their hashes are kept), to
 * copy or download.
 */
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
        <HStack gap="2">
          <Button variant="outline" size="sm" onClick={() => void copy()}>
            {t('twoFactor.copy')}
          </Button>
          <Button variant="outline" size="sm" onClick={() => download(codes)} data-testid="recovery-download">
            {t('twoFactor.download')}
          </Button>
        </HStack>
        <Button colorPalette="teal" size="sm" onClick={onDone} data-testid="recovery-done">
          {t('twoFactor.recoveryDone')}
        </Button>
      </HStack>
    </Stack>
  );
}
