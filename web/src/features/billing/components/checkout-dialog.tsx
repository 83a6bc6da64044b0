import { channel } from '@cs/proto/realtime';
import {
  Alert,
  Badge,
  Button,
  Dialog,
  Field,
  HStack,
  Input,
  NativeSelect,
  Portal,
  SimpleGrid,
  Stack,
  Text,
} from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { userUpdated } from '../../../api/session';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { notify } from '../../../components/toaster';
import { useLiveEvent } from '../../../components/use-live-event';
import { toastError } from '../../../lib/errors';
import { formatMoney } from '../../../lib/money';
import { type Invoice, type PixCharge, useSubscribeMutation } from '../api/billing-api';
import { formatDueDate } from '../utils/billing';
import { type CheckoutValues, checkoutSchema, COUNTRIES, STEP_FIELDS } from '../utils/checkout-form';
import { PixPayment } from './pix-payment';

/** Spec §9: the redirect to `/` after the live payment event. */
export const REDIRECT_AFTER_PAYMENT_MS = 4000;

/**
 * The checkout (spec §2, §4, §5): steps Dados, Personalizar, Revisar (the flow starts at Personalizar; "Next"
 * validates the current step; paying validates everything and returns to Dados when a field is missing), then
 * the Pix QR code. On the live `company-{id}-payment` CONCLUIDA the licence's new date shows and `/` follows.
 */
export function CheckoutDialog({ invoice, onClose }: { invoice: Invoice; onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const user = useAppSelector((s) => s.session.user);
  const [subscribe, subscribing] = useSubscribeMutation();
  const [step, setStep] = useState(1);
  const [charge, setCharge] = useState<PixCharge | null>(null);
  const [renewedUntil, setRenewedUntil] = useState<string | null>(null);
  const redirect = useRef<ReturnType<typeof setTimeout> | null>(null);
  const schema = useMemo(
    () =>
      checkoutSchema({
        fullName: t('billing.checkout.errors.fullName'),
        address: t('billing.checkout.errors.address'),
        city: t('billing.checkout.errors.city'),
        zip: t('billing.checkout.errors.zip'),
        zipFormat: t('billing.checkout.errors.zipFormat'),
        country: t('billing.checkout.errors.country'),
      }),
    [t],
  );
  const {
    register,
    trigger,
    getValues,
    formState: { errors },
  } = useForm<CheckoutValues>({
    resolver: zodResolver(schema),
    defaultValues: { firstName: user?.name ?? '', address2: '', city: '', state: '', zipcode: '', country: 'BR' },
    mode: 'onTouched',
  });

  useEffect(() => () => void (redirect.current && clearTimeout(redirect.current)), []);

  useLiveEvent(user ? channel.payment(user.companyId) : null, (payload) => {
    if (payload.action !== 'CONCLUIDA' || !payload.company?.dueDate) return;
    const dueDate = payload.company.dueDate;
    setRenewedUntil(dueDate);
    if (user?.company) dispatch(userUpdated({ company: { ...user.company, dueDate } }));
    redirect.current ??= setTimeout(() => void navigate('/'), REDIRECT_AFTER_PAYMENT_MS);
  });

  const next = async () => {
    if (await trigger([...(STEP_FIELDS[step] ?? [])])) setStep((current) => Math.min(current + 1, 2));
  };

  const pay = async () => {
    if (!(await trigger())) {
      setStep(0);
      return;
    }
    const values = getValues();
    const [firstName, ...rest] = values.firstName.trim().split(/\s+/);
    try {
      const result = await subscribe({
        firstName: firstName ?? '',
        lastName: rest.join(' '),
        address2: values.address2,
        city: values.city,
        state: values.state,
        zipcode: values.zipcode,
        country: values.country,
        useAddressForPaymentDetails: false,
        plan: JSON.stringify({ title: invoice.detail, price: invoice.value }),
        price: invoice.value,
        users: 0,
        connections: 0,
        invoiceId: invoice.id,
      }).unwrap();
      notify('success', t('billing.checkout.success'));
      setCharge(result);
    } catch (error) {
      toastError(error);
    }
  };

  const steps = [
    t('billing.checkout.steps.data'),
    t('billing.checkout.steps.customize'),
    t('billing.checkout.steps.review'),
  ];
  const values = getValues();
  const countryLabel = values.country ? t(`billing.checkout.countries.${values.country}`) : '';

  return (
    <Dialog.Root open onOpenChange={(e) => !e.open && onClose()} size="lg" scrollBehavior="inside">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="checkout-dialog">
            <Dialog.Header>
              <Dialog.Title>{t('billing.checkout.title')}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              {renewedUntil && (
                <Alert.Root status="success" mb="4" data-testid="licence-renewed">
                  <Alert.Indicator />
                  <Alert.Title>{t('billing.checkout.renewed', { date: formatDueDate(renewedUntil) })}</Alert.Title>
                </Alert.Root>
              )}
              {charge ? (
                <PixPayment charge={charge} />
              ) : (
                <Stack gap="4">
                  <HStack gap="2" wrap="wrap" data-testid="checkout-steps">
                    {steps.map((label, index) => (
                      <Badge
                        key={label}
                        size="lg"
                        variant={index === step ? 'solid' : 'subtle'}
                        colorPalette={index === step ? 'teal' : 'gray'}
                        data-active={index === step ? 'true' : undefined}
                      >
                        {index + 1}. {label}
                      </Badge>
                    ))}
                  </HStack>
                  {/* every field stays mounted (hidden off its step) so the final check sees them all */}
                  <Stack gap="3" display={step === 0 ? 'flex' : 'none'} data-testid="checkout-step-data">
                    <Field.Root required invalid={Boolean(errors.firstName)}>
                      <Field.Label>{t('billing.checkout.fullName')}</Field.Label>
                      <Input {...register('firstName')} />
                      <Field.ErrorText>{errors.firstName?.message}</Field.ErrorText>
                    </Field.Root>
                    <Field.Root required invalid={Boolean(errors.address2)}>
                      <Field.Label>{t('billing.checkout.address')}</Field.Label>
                      <Input {...register('address2')} />
                      <Field.ErrorText>{errors.address2?.message}</Field.ErrorText>
                    </Field.Root>
                    <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
                      <Field.Root required invalid={Boolean(errors.city)}>
                        <Field.Label>{t('billing.checkout.city')}</Field.Label>
                        <Input {...register('city')} />
                        <Field.ErrorText>{errors.city?.message}</Field.ErrorText>
                      </Field.Root>
                      <Field.Root>
                        <Field.Label>{t('billing.checkout.state')}</Field.Label>
                        <Input {...register('state')} />
                      </Field.Root>
                      <Field.Root required invalid={Boolean(errors.zipcode)}>
                        <Field.Label>{t('billing.checkout.zipcode')}</Field.Label>
                        <Input {...register('zipcode')} inputMode="numeric" placeholder="00000-000" />
                        <Field.ErrorText>{errors.zipcode?.message}</Field.ErrorText>
                      </Field.Root>
                      <Field.Root required invalid={Boolean(errors.country)}>
                        <Field.Label>{t('billing.checkout.country')}</Field.Label>
                        <NativeSelect.Root>
                          <NativeSelect.Field {...register('country')} aria-label={t('billing.checkout.country')}>
                            <option value="">{t('billing.checkout.selectCountry')}</option>
                            {COUNTRIES.map((country) => (
                              <option key={country} value={country}>
                                {t(`billing.checkout.countries.${country}`)}
                              </option>
                            ))}
                          </NativeSelect.Field>
                          <NativeSelect.Indicator />
                        </NativeSelect.Root>
                        <Field.ErrorText>{errors.country?.message}</Field.ErrorText>
                      </Field.Root>
                    </SimpleGrid>
                  </Stack>
                  {step === 1 && (
                    <Stack gap="2" data-testid="checkout-step-customize">
                      <Text>
                        {t('billing.checkout.plan')}: <strong>{invoice.detail}</strong>
                      </Text>
                      <Text>{t('billing.checkout.perMonth', { value: formatMoney(invoice.value) })}</Text>
                      <Text color="fg.muted">
                        {t('billing.checkout.invoice')} #{invoice.id} · {t('billing.checkout.dueDate')}{' '}
                        {formatDueDate(invoice.dueDate)}
                      </Text>
                    </Stack>
                  )}
                  {step === 2 && (
                    <Stack gap="1" data-testid="checkout-step-review">
                      <Text>
                        {t('billing.checkout.fullName')}: {values.firstName}
                      </Text>
                      <Text>
                        {t('billing.checkout.address')}: {values.address2}, {values.city} {values.state}
                      </Text>
                      <Text>
                        {t('billing.checkout.zipcode')}: {values.zipcode} · {countryLabel}
                      </Text>
                      <Text>
                        {t('billing.checkout.plan')}: {invoice.detail}
                      </Text>
                      <Text fontWeight="semibold">
                        {t('billing.checkout.value')}: {formatMoney(invoice.value)}
                      </Text>
                    </Stack>
                  )}
                </Stack>
              )}
            </Dialog.Body>
            <Dialog.Footer>
              {!charge && step > 0 && (
                <Button variant="outline" onClick={() => setStep((current) => current - 1)}>
                  {t('billing.checkout.back')}
                </Button>
              )}
              {!charge && step < 2 && (
                <Button colorPalette="teal" onClick={() => void next()} data-testid="checkout-next">
                  {t('billing.checkout.next')}
                </Button>
              )}
              {!charge && step === 2 && (
                <Button
                  colorPalette="teal"
                  loading={subscribing.isLoading}
                  onClick={() => void pay()}
                  data-testid="checkout-pay"
                >
                  {t('billing.checkout.pay')}
                </Button>
              )}
              {charge && (
                <Button variant="outline" onClick={onClose}>
                  {t('common.close')}
                </Button>
              )}
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
