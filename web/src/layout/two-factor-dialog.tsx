import { Badge, Button, CloseButton, Dialog, Field, HStack, Input, Portal, Stack, Text } from '@chakra-ui/react';
import type { TwoFactorSetup } from '@cs/proto/http';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  useBeginTwoFactorSetupMutation,
  useConfirmTwoFactorSetupMutation,
  useDisableTwoFactorMutation,
  useGetTwoFactorStatusQuery,
  useRegenerateRecoveryCodesMutation,
} from '../api/endpoints/two-factor';
import { AuthenticatorSetup } from '../components/authenticator-setup';
import { PageLoader } from '../components/page-loader';
import { RecoveryCodes } from '../components/recovery-codes';
import { notify } from '../components/toaster';
import { toastError } from '../lib/errors';
import { serverFieldErrors } from '../lib/form';

/**
 * 'Minha Conta' → two-step verification: its state, turning it on (QR code, first code, recovery codes shown
 * once), new recovery codes (confirmed with an authenticator code or the password; shown once, the old ones end)
 * and turning it off (with a code; not while the company or the platform requires it).
 */
export function TwoFactorDialog({ onClose }: { onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const { data: status, isLoading } = useGetTwoFactorStatusQuery();
  const [begin, { isLoading: beginning }] = useBeginTwoFactorSetupMutation();
  const [confirm, { isLoading: confirming }] = useConfirmTwoFactorSetupMutation();
  const [disable, { isLoading: disabling }] = useDisableTwoFactorMutation();
  const [regenerate, { isLoading: regenerating }] = useRegenerateRecoveryCodesMutation();
  const [setup, setSetup] = useState<TwoFactorSetup | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [code, setCode] = useState('');
  const [asking, setAsking] = useState(false);
  const [proofCode, setProofCode] = useState('');
  const [password, setPassword] = useState('');
  const [proofErrors, setProofErrors] = useState<Record<string, string>>({});

  const body = () => {
    if (isLoading || !status) return <PageLoader />;
    if (codes) return <RecoveryCodes codes={codes} onDone={onClose} />;
    if (setup) {
      return (
        <AuthenticatorSetup
          setup={setup}
          busy={confirming}
          onConfirm={(first) => {
            confirm({ code: first })
              .unwrap()
              .then((answer) => {
                notify('success', t('twoFactor.enabled'));
                setCodes(answer.recoveryCodes);
              })
              .catch(toastError);
          }}
        />
      );
    }
    return (
      <Stack gap="4" data-testid="two-factor-status">
        <HStack gap="2" wrap="wrap">
          <Badge colorPalette={status.enabled ? 'green' : 'gray'} data-testid="two-factor-state">
            {status.enabled && status.enabledAt
              ? t('twoFactor.status.enabled', { date: new Date(status.enabledAt).toLocaleDateString(i18n.language) })
              : t('twoFactor.status.disabled')}
          </Badge>
          {status.required && <Badge colorPalette="orange">{t('twoFactor.status.required')}</Badge>}
        </HStack>
        {status.enabled && (
          <Text fontSize="sm" color="fg.muted">
            {t('twoFactor.status.codesLeft', { count: status.recoveryCodesLeft })}
          </Text>
        )}
        {!status.enabled && (
          <Button
            colorPalette="teal"
            loading={beginning}
            data-testid="two-factor-enable"
            onClick={() => {
              begin().unwrap().then(setSetup).catch(toastError);
            }}
          >
            {t('twoFactor.enable')}
          </Button>
        )}
        {status.enabled && !asking && (
          <Button variant="outline" data-testid="recovery-regenerate" onClick={() => setAsking(true)}>
            {t('twoFactor.regenerate')}
          </Button>
        )}
        {status.enabled && asking && (
          <Stack gap="2" data-testid="recovery-regenerate-form">
            <Text fontSize="sm">{t('twoFactor.regenerateHint')}</Text>
            <Field.Root invalid={proofErrors['code'] !== undefined}>
              <Field.Label>{t('twoFactor.code')}</Field.Label>
              <Input
                name="recovery-proof-code"
                autoComplete="one-time-code"
                value={proofCode}
                disabled={password !== ''}
                onChange={(e) => setProofCode(e.target.value)}
              />
              <Field.ErrorText>{proofErrors['code']}</Field.ErrorText>
            </Field.Root>
            <Field.Root invalid={proofErrors['password'] !== undefined}>
              <Field.Label>{t('twoFactor.password')}</Field.Label>
              <Input
                name="recovery-proof-password"
                type="password"
                autoComplete="current-password"
                value={password}
                disabled={proofCode.trim() !== ''}
                onChange={(e) => setPassword(e.target.value)}
              />
              <Field.ErrorText>{proofErrors['password']}</Field.ErrorText>
            </Field.Root>
            <Button
              colorPalette="teal"
              loading={regenerating}
              disabled={!proofCode.trim() && !password}
              data-testid="recovery-regenerate-confirm"
              onClick={() => {
                setProofErrors({});
                regenerate(proofCode.trim() ? { code: proofCode.trim() } : { password })
                  .unwrap()
                  .then((answer) => {
                    setProofCode('');
                    setPassword('');
                    setAsking(false);
                    notify('success', t('twoFactor.regenerated'));
                    setCodes(answer.recoveryCodes);
                  })
                  .catch((error: unknown) => {
                    const fields = serverFieldErrors(error);
                    if (Object.keys(fields).length > 0) setProofErrors(fields);
                    else toastError(error);
                  });
              }}
            >
              {t('twoFactor.regenerate')}
            </Button>
          </Stack>
        )}
        {status.enabled && !status.required && (
          <Stack gap="2">
            <Field.Root>
              <Field.Label>{t('twoFactor.disableHint')}</Field.Label>
              <Input
                name="code"
                autoComplete="one-time-code"
                value={code}
                onChange={(e) => setCode(e.target.value)}
                data-testid="two-factor-disable-code"
              />
            </Field.Root>
            <Button
              colorPalette="red"
              variant="subtle"
              loading={disabling}
              disabled={!code.trim()}
              data-testid="two-factor-disable"
              onClick={() => {
                disable({ code: code.trim() })
                  .unwrap()
                  .then(() => {
                    setCode('');
                    notify('success', t('twoFactor.disabled'));
                  })
                  .catch(toastError);
              }}
            >
              {t('twoFactor.disable')}
            </Button>
          </Stack>
        )}
      </Stack>
    );
  };

  return (
    // not closed by a click outside: an enrolment half done (its QR code, its recovery codes) must not vanish
    <Dialog.Root
      open
      onOpenChange={(e) => !e.open && onClose()}
      size="sm"
      scrollBehavior="inside"
      closeOnInteractOutside={false}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="two-factor-dialog">
            <Dialog.Header>
              <Dialog.Title>{t('twoFactor.title')}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>{body()}</Dialog.Body>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
