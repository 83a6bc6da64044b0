import { Button, Field, Input, Link, RadioCard, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router-dom';
import { useListPlansQuery, useSignupMutation } from '../../../api/endpoints/auth';
import { notify } from '../../../components/toaster';
import { maskPhoneInput } from '../../../lib/format';
import { formatMoney } from '../../../lib/money';
import { toastError } from '../../../lib/errors';
import { buildSignup, type SignupErrors, type SignupValues } from '../utils/signup';

const EMPTY: SignupValues = { name: '', email: '', phone: '', password: '', planId: '' };

export function SignupForm() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const { data: plans = [], isLoading: loadingPlans } = useListPlansQuery();
  const [signup, { isLoading }] = useSignupMutation();
  const [values, setValues] = useState<SignupValues>(EMPTY);
  const [errors, setErrors] = useState<SignupErrors>({});

  const set = (field: keyof SignupValues) => (value: string) => setValues((v) => ({ ...v, [field]: value }));
  const companyParam = Number(params.get('companyId'));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const result = buildSignup(values, Number.isInteger(companyParam) && companyParam > 0 ? companyParam : null);
    if (!result.ok) {
      setErrors(result.errors);
      return;
    }
    setErrors({});
    try {
      await signup(result.body).unwrap();
      notify('success', t('signup.success'));
      void navigate('/login', { replace: true });
    } catch (error) {
      toastError(error);
    }
  };

  const field = (name: keyof SignupValues, label: string, input: ReactNode) => (
    <Field.Root required invalid={Boolean(errors[name])}>
      <Field.Label>{label}</Field.Label>
      {input}
      {errors[name] && <Field.ErrorText>{errors[name]}</Field.ErrorText>}
    </Field.Root>
  );

  return (
    <form onSubmit={(e) => void submit(e)} noValidate>
      <Stack gap="4">
        {field(
          'name',
          t('signup.company'),
          <Input name="name" value={values.name} onChange={(e) => set('name')(e.target.value)} />,
        )}
        {field(
          'email',
          t('signup.email'),
          <Input name="email" type="email" value={values.email} onChange={(e) => set('email')(e.target.value)} />,
        )}
        {field(
          'phone',
          t('signup.phone'),
          <Input
            name="phone"
            inputMode="tel"
            placeholder="(99) 99999-9999"
            value={values.phone}
            onChange={(e) => set('phone')(maskPhoneInput(e.target.value))}
          />,
        )}
        {field(
          'password',
          t('signup.password'),
          <Input
            name="password"
            type="password"
            autoComplete="new-password"
            value={values.password}
            onChange={(e) => set('password')(e.target.value)}
          />,
        )}
        <Field.Root required invalid={Boolean(errors.planId)}>
          <Field.Label>{t('signup.plan')}</Field.Label>
          {!loadingPlans && plans.length === 0 && <Text color="fg.muted">{t('signup.noPlans')}</Text>}
          <RadioCard.Root
            value={values.planId}
            onValueChange={(e) => set('planId')(e.value ?? '')}
            width="full"
            size="sm"
          >
            <SimpleGrid columns={{ base: 1, sm: 2 }} gap="2">
              {plans.map((plan) => (
                <RadioCard.Item key={plan.id} value={String(plan.id)} data-testid={`plan-${plan.id}`}>
                  <RadioCard.ItemHiddenInput />
                  <RadioCard.ItemControl>
                    <RadioCard.ItemContent>
                      <RadioCard.ItemText fontWeight="bold">{plan.name}</RadioCard.ItemText>
                      <RadioCard.ItemDescription>
                        {t('signup.planCard', {
                          users: plan.users,
                          connections: plan.connections,
                          queues: plan.queues,
                        })}
                      </RadioCard.ItemDescription>
                      <Text fontWeight="semibold">{formatMoney(plan.value)}</Text>
                    </RadioCard.ItemContent>
                    <RadioCard.ItemIndicator />
                  </RadioCard.ItemControl>
                </RadioCard.Item>
              ))}
            </SimpleGrid>
          </RadioCard.Root>
          {errors.planId && <Field.ErrorText>{errors.planId}</Field.ErrorText>}
        </Field.Root>
        <Button type="submit" colorPalette="teal" loading={isLoading}>
          {t('signup.submit')}
        </Button>
        <Link asChild alignSelf="center" color="link.fg">
          <RouterLink to="/login">{t('signup.toLogin')}</RouterLink>
        </Link>
      </Stack>
    </form>
  );
}
