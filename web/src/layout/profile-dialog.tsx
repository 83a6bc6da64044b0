import { Button, Dialog, Field, Input, Portal, Stack } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { useAppDispatch } from '../app/hooks';
import { useUpdateUserMutation } from '../api/endpoints/auth';
import { userUpdated } from '../api/session';
import type { SessionUser } from '../api/types';
import { notify } from '../components/toaster';
import { toastError } from '../lib/errors';

type Errors = Partial<Record<'name' | 'email' | 'password', string>>;

/** The own-profile form (spec §5: name 3 to 256, email valid up to 128, password at least 5, optional). */
export function validateProfile(values: { name: string; email: string; password: string }, t: (k: string) => string) {
  const schema = z.object({
    name: z.string().trim().min(3, t('profile.nameMin')).max(256, t('profile.nameMax')),
    email: z.email(t('profile.emailInvalid')).max(128, t('profile.emailInvalid')),
    password: z.union([z.literal(''), z.string().min(5, t('profile.passwordMin')).max(256)]),
  });
  const parsed = schema.safeParse(values);
  if (parsed.success) return { ok: true as const, data: parsed.data };
  const errors: Errors = {};
  for (const issue of parsed.error.issues) {
    const key = issue.path[0] as keyof Errors;
    errors[key] ??= issue.message;
  }
  return { ok: false as const, errors };
}

export function ProfileDialog({ user, onClose }: { user: SessionUser; onClose: () => void }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const [update, { isLoading }] = useUpdateUserMutation();
  const [values, setValues] = useState({ name: user.name, email: user.email, password: '' });
  const [errors, setErrors] = useState<Errors>({});

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const result = validateProfile(values, t);
    if (!result.ok) return setErrors(result.errors);
    try {
      const body = { id: user.id, name: result.data.name, email: result.data.email };
      await update(result.data.password ? { ...body, password: result.data.password } : body).unwrap();
      dispatch(userUpdated({ name: body.name, email: body.email }));
      notify('success', t('profile.saved'));
      onClose();
    } catch (error) {
      toastError(error);
    }
  };

  return (
    <Dialog.Root open onOpenChange={(e) => !e.open && onClose()}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content as="form" onSubmit={(e: FormEvent) => void submit(e)}>
            <Dialog.Header>
              <Dialog.Title>{t('profile.title')}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="3">
                {(['name', 'email', 'password'] as const).map((key) => (
                  <Field.Root key={key} invalid={Boolean(errors[key])} required={key !== 'password'}>
                    <Field.Label>{t(`profile.${key}`)}</Field.Label>
                    <Input
                      name={key}
                      type={key === 'password' ? 'password' : key === 'email' ? 'email' : 'text'}
                      value={values[key]}
                      onChange={(e) => setValues((v) => ({ ...v, [key]: e.target.value }))}
                    />
                    {errors[key] && <Field.ErrorText>{errors[key]}</Field.ErrorText>}
                  </Field.Root>
                ))}
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={onClose}>
                {t('common.cancel')}
              </Button>
              <Button type="submit" colorPalette="teal" loading={isLoading}>
                {t('common.save')}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
