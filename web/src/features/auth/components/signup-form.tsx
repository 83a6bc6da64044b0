import { Badge, Button, Field, HStack, Input, Link, RadioCard, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { SignupFormSchema } from '@cs/proto/http';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router-dom';
import type { z } from 'zod';
import { useListPlansQuery, useSignupMutation } from '../../../api/endpoints/auth';
import { notify } from '../../../components/toaster';
import { maskPhoneInput } from '../../../lib/format';
import { formatMoney } from '../../../lib/money';
import { toastError, validationDetails } from '../../../lib/errors';
import { signupBody } from '../utils/signup';

/** The plan card labelled 'Mais Popular' (spec §9). */
export const MOST_POPULAR_PLAN_ID = 4;

type Input = z.input<typeof SignupFormSchema>;
type Output = z.output<typeof SignupFormSchema>;
const FIELDS = ['name', 'userName', 'email', 'phone', 'password', 'planId'] as const;
const isField = (path: string): path is (typeof FIELDS)[number] => (FIELDS as readonly string[]).includes(path);

export function SignupForm() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const { data: plans = [], isLoading: loadingPlans } = useListPlansQuery();
  const [signup] = useSignupMutation();
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<Input, unknown, Output>({
    resolver: zodResolver(SignupFormSchema),
    defaultValues: { name: '', userName: '', email: '', phone: '', password: '' },
  });
  const companyParam = Number(params.get('companyId'));

  const submit = handleSubmit(async (values) => {
    const companyId = Number.isInteger(companyParam) && companyParam > 0 ? companyParam : null;
    try {
      await signup(signupBody(values, companyId)).unwrap();
      notify('success', t('signup.success'));
      void navigate('/login', { replace: true });
    } catch (error) {
      // the server's field refusals (a plan it does not offer, a phone that had its trial) under their fields
      const fields = validationDetails(error).filter((detail) => isField(detail.path));
      if (fields.length === 0) toastError(error);
      for (const field of fields) {
        if (isField(field.path)) setError(field.path, { type: 'server', message: field.message });
      }
    }
  });

  return (
    <form onSubmit={(e) => void submit(e)} noValidate>
      <Stack gap="4">
        <Field.Root required invalid={Boolean(errors.name)}>
          <Field.Label>{t('signup.company')}</Field.Label>
          <Input {...register('name')} />
          <Field.ErrorText>{errors.name?.message}</Field.ErrorText>
        </Field.Root>
        <Field.Root required invalid={Boolean(errors.userName)}>
          <Field.Label>{t('signup.userName')}</Field.Label>
          <Input autoComplete="name" {...register('userName')} />
          <Field.ErrorText>{errors.userName?.message}</Field.ErrorText>
        </Field.Root>
        <Field.Root required invalid={Boolean(errors.email)}>
          <Field.Label>{t('signup.email')}</Field.Label>
          <Input type="email" {...register('email')} />
          <Field.ErrorText>{errors.email?.message}</Field.ErrorText>
        </Field.Root>
        <Field.Root required invalid={Boolean(errors.phone)}>
          <Field.Label>{t('signup.phone')}</Field.Label>
          <Controller
            control={control}
            name="phone"
            render={({ field }) => (
              <Input
                name={field.name}
                ref={field.ref}
                onBlur={field.onBlur}
                inputMode="tel"
                placeholder="(99) 99999-9999"
                value={field.value}
                onChange={(e) => field.onChange(maskPhoneInput(e.target.value))}
              />
            )}
          />
          <Field.ErrorText>{errors.phone?.message}</Field.ErrorText>
        </Field.Root>
        <Field.Root required invalid={Boolean(errors.password)}>
          <Field.Label>{t('signup.password')}</Field.Label>
          <Input type="password" autoComplete="new-password" {...register('password')} />
          <Field.ErrorText>{errors.password?.message}</Field.ErrorText>
        </Field.Root>
        <Field.Root required invalid={Boolean(errors.planId)}>
          <Field.Label>{t('signup.plan')}</Field.Label>
          {!loadingPlans && plans.length === 0 && <Text color="fg.muted">{t('signup.noPlans')}</Text>}
          <Controller
            control={control}
            name="planId"
            render={({ field }) => (
              <RadioCard.Root
                value={typeof field.value === 'string' || typeof field.value === 'number' ? String(field.value) : null}
                onValueChange={(e) => field.onChange(e.value ?? undefined)}
                width="full"
                size="sm"
              >
                <SimpleGrid columns={{ base: 1, sm: 2 }} gap="2">
                  {plans.map((plan) => (
                    <RadioCard.Item key={plan.id} value={String(plan.id)} data-testid={`plan-${plan.id}`}>
                      <RadioCard.ItemHiddenInput />
                      <RadioCard.ItemControl>
                        <RadioCard.ItemContent>
                          <HStack gap="2" wrap="wrap">
                            <RadioCard.ItemText fontWeight="bold">{plan.name}</RadioCard.ItemText>
                            {plan.id === MOST_POPULAR_PLAN_ID && (
                              <Badge colorPalette="teal" size="sm" data-testid="most-popular">
                                {t('signup.mostPopular')}
                              </Badge>
                            )}
                          </HStack>
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
            )}
          />
          <Field.ErrorText>{errors.planId?.message}</Field.ErrorText>
        </Field.Root>
        <Button type="submit" colorPalette="teal" loading={isSubmitting}>
          {t('signup.submit')}
        </Button>
        <Link asChild alignSelf="center" color="link.fg">
          <RouterLink to="/login">{t('signup.toLogin')}</RouterLink>
        </Link>
      </Stack>
    </form>
  );
}
