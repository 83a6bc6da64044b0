import { Alert, Button, Field, Input, Stack, Text } from '@chakra-ui/react';
import type { TwoFactorSetup } from '@cs/proto/http';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  useBeginSignInEnrolmentMutation,
  useConfirmSignInEnrolmentMutation,
  useVerifyTwoFactorMutation,
} from '../../../api/endpoints/two-factor';
import type { AuthResponse } from '../../../api/types';
import { AuthenticatorSetup } from '../../../components/authenticator-setup';
import { PageLoader } from '../../../components/page-loader';
import { RecoveryCodes } from '../../../components/recovery-codes';
import { errorCode, toastError } from '../../../lib/errors';
import type { SecondStep } from '../utils/challenge';

interface Props {
  step: SecondStep;
  /** The session is open. */
  onSignedIn: (data: AuthResponse) => void;
  /** Back to e-mail and password (the challenge expired, or the user went back). */
  onRestart: (expired: boolean) => void;
}

/**
 * The sign-in's second step: a code from the authenticator app (or a recovery code), or, when the account must
 * use two-factor and has none, the enrolment (QR code, first code, then the recovery codes shown once).
 */
export function TwoFactorStep({ step, onSignedIn, onRestart }: Props) {
  const failed = (error: unknown) => {
    if (errorCode(error) === 'ERR_TWO_FACTOR_CHALLENGE_EXPIRED') onRestart(true);
    else toastError(error);
  };
  return step.kind === 'code' ? (
    <CodeStep step={step} onSignedIn={onSignedIn} onRestart={onRestart} failed={failed} />
  ) : (
    <EnrolStep step={step} onSignedIn={onSignedIn} onRestart={onRestart} failed={failed} />
  );
}

type StepProps = Props & { failed: (error: unknown) => void };

function CodeStep({ step, onSignedIn, onRestart, failed }: StepProps) {
  const { t } = useTranslation();
  const [verify, { isLoading }] = useVerifyTwoFactorMutation();
  const [code, setCode] = useState('');
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    try {
      onSignedIn(await verify({ challengeToken: step.challenge.challengeToken, code: code.trim() }).unwrap());
    } catch (error) {
      setCode('');
      failed(error);
    }
  };
  return (
    <form onSubmit={(e) => void submit(e)} noValidate data-testid="two-factor-step">
      <Stack gap="4">
        <Text fontWeight="semibold">{t('twoFactor.codeStepTitle')}</Text>
        <Text fontSize="sm" color="fg.muted">
          {t('twoFactor.codeStepHint')}
        </Text>
        <Field.Root required>
          <Field.Label>{t('twoFactor.code')}</Field.Label>
          <Input
            name="code"
            data-testid="two-factor-code"
            autoComplete="one-time-code"
            autoFocus
            value={code}
            onChange={(e) => setCode(e.target.value)}
          />
        </Field.Root>
        <Button
          type="submit"
          colorPalette="teal"
          loading={isLoading}
          disabled={!code.trim()}
          data-testid="two-factor-verify"
        >
          {t('twoFactor.verify')}
        </Button>
        <Button variant="ghost" onClick={() => onRestart(false)}>
          {t('twoFactor.back')}
        </Button>
      </Stack>
    </form>
  );
}

function EnrolStep({ step, onSignedIn, onRestart, failed }: StepProps) {
  const { t } = useTranslation();
  const [begin] = useBeginSignInEnrolmentMutation();
  const [confirm, { isLoading }] = useConfirmSignInEnrolmentMutation();
  const [setup, setSetup] = useState<TwoFactorSetup | null>(null);
  const [done, setDone] = useState<{ data: AuthResponse; codes: string[] } | null>(null);
  const challengeToken = step.challenge.challengeToken;
  useEffect(() => {
    let live = true;
    begin({ challengeToken })
      .unwrap()
      .then((answer) => live && setSetup(answer))
      .catch(failed);
    return () => {
      live = false;
    };
    // one enrolment per challenge
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [challengeToken]);

  if (done) return <RecoveryCodes codes={done.codes} onDone={() => onSignedIn(done.data)} />;
  return (
    <Stack gap="4" data-testid="two-factor-enrolment">
      <Text fontWeight="semibold">{t('twoFactor.enrolTitle')}</Text>
      <Alert.Root status="info">
        <Alert.Indicator />
        <Alert.Title>{t('twoFactor.enrolRequired')}</Alert.Title>
      </Alert.Root>
      {setup ? (
        <AuthenticatorSetup
          setup={setup}
          busy={isLoading}
          onConfirm={(code) => {
            confirm({ challengeToken, code })
              .unwrap()
              .then(({ recoveryCodes, ...data }) => setDone({ data, codes: recoveryCodes }))
              .catch(failed);
          }}
        />
      ) : (
        <PageLoader />
      )}
      <Button variant="ghost" onClick={() => onRestart(false)}>
        {t('twoFactor.back')}
      </Button>
    </Stack>
  );
}
