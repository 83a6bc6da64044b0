import { Box, Button, Code, Field, Input, QrCode, Stack, Text } from '@chakra-ui/react';
import type { TwoFactorSetup } from '@cs/proto/http';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Enrolling an authenticator app: the QR code of the `otpauth://` URI (Chakra's QrCode), the key to type instead,
 * and the first code that confirms it. Used at sign-in (a required enrolment) and from the account menu.
 */
export function AuthenticatorSetup({
  setup,
  onConfirm,
  busy,
}: {
  setup: TwoFactorSetup;
  onConfirm: (code: string) => void;
  busy: boolean;
}) {
  const { t } = useTranslation();
  const [code, setCode] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (code.trim()) onConfirm(code.trim());
  };
  return (
    <form onSubmit={submit} noValidate data-testid="two-factor-setup">
      <Stack gap="4" align="center">
        <Text fontSize="sm" color="fg.muted" textAlign="center">
          {t('twoFactor.enrolHint')}
        </Text>
        <Box bg="white" p="3" borderRadius="md">
          <QrCode.Root value={setup.otpauthUrl} size="lg" data-testid="two-factor-qr" data-otpauth={setup.otpauthUrl}>
            <QrCode.Frame>
              <QrCode.Pattern />
            </QrCode.Frame>
          </QrCode.Root>
        </Box>
        <Stack gap="1" align="center">
          <Text fontSize="xs" color="fg.muted">
            {t('twoFactor.secret')}
          </Text>
          <Code data-testid="two-factor-secret" wordBreak="break-all">
            {setup.secret}
          </Code>
        </Stack>
        <Field.Root required>
          <Field.Label>{t('twoFactor.code')}</Field.Label>
          <Input
            name="code"
            data-testid="two-factor-code"
            inputMode="numeric"
            autoComplete="one-time-code"
            autoFocus
            value={code}
            onChange={(e) => setCode(e.target.value)}
          />
        </Field.Root>
        <Button
          type="submit"
          colorPalette="teal"
          w="full"
          loading={busy}
          disabled={!code.trim()}
          data-testid="two-factor-confirm"
        >
          {t('twoFactor.confirm')}
        </Button>
      </Stack>
    </form>
  );
}
