import { Alert, Button, Field, Input, Link, Stack } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router-dom';
import { useAppDispatch } from '../../../app/hooks';
import { useLoginMutation } from '../../../api/endpoints/auth';
import { signedIn } from '../../../api/session';
import { notify } from '../../../components/toaster';
import type { AuthResponse } from '../../../api/types';
import { errorCode, httpStatus } from '../../../lib/errors';
import { i18n } from '../../../i18n';
import { type SecondStep, secondStepOf } from '../utils/challenge';
import { homeForProfile } from '../utils/home';
import { TwoFactorStep } from './two-factor-step';

export function LoginForm() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const [login, { isLoading }] = useLoginMutation();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [secondStep, setSecondStep] = useState<SecondStep | null>(null);

  const finish = (data: AuthResponse) => {
    const home = homeForProfile(data.user.profile);
    if (!home) {
      notify('error', t('login.unknownProfile'));
      return;
    }
    dispatch(signedIn(data));
    notify('success', t('login.success'));
    void navigate(home, { replace: true });
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    try {
      finish(await login({ email: email.trim(), password }).unwrap());
    } catch (error) {
      const next = secondStepOf(error);
      if (next) setSecondStep(next);
      else if (httpStatus(error) === 401) notify('error', t('login.invalid'));
      else {
        const code = errorCode(error);
        notify('error', code && i18n.exists(`errors.${code}`) ? t(`errors.${code}`) : t('login.failed'));
      }
    }
  };

  if (secondStep) {
    return (
      <TwoFactorStep
        step={secondStep}
        onSignedIn={finish}
        onRestart={(expired) => {
          setSecondStep(null);
          setPassword('');
          if (expired) notify('error', t('twoFactor.expired'));
        }}
      />
    );
  }

  return (
    <form onSubmit={(e) => void submit(e)} noValidate>
      <Stack gap="4">
        {params.get('reason') === 'another-login' && (
          <Alert.Root status="warning" data-testid="another-login">
            <Alert.Indicator />
            <Alert.Title>{t('session.anotherLogin')}</Alert.Title>
          </Alert.Root>
        )}
        {params.get('expired') === 'true' && (
          <Alert.Root status="warning" data-testid="session-expired">
            <Alert.Indicator />
            <Alert.Title>{t('login.expired')}</Alert.Title>
          </Alert.Root>
        )}
        <Field.Root required>
          <Field.Label>{t('login.email')}</Field.Label>
          <Input
            name="email"
            type="email"
            autoComplete="email"
            autoFocus
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
        </Field.Root>
        <Field.Root required>
          <Field.Label>{t('login.password')}</Field.Label>
          <Input
            name="password"
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
        </Field.Root>
        <Button type="submit" colorPalette="teal" loading={isLoading} disabled={!email || !password}>
          {t('login.submit')}
        </Button>
        <Link asChild alignSelf="center" color="link.fg">
          <RouterLink to="/signup">{t('login.toSignup')}</RouterLink>
        </Link>
      </Stack>
    </form>
  );
}
