import { Field, Input, Stack } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { useAppDispatch } from '../app/hooks';
import { useUpdateUserMutation } from '../api/endpoints/auth';
import { userUpdated } from '../api/session';
import type { SessionUser } from '../api/types';
import { FormDialog } from '../components/form-dialog';
import { notify } from '../components/toaster';
import { toastError } from '../lib/errors';
import { serverFieldErrors } from '../lib/form';

/** The own-profile form (spec §5: name 3 to 256, email valid up to 128, password at least 5 when changed). */
export function profileSchema(t: (key: string) => string) {
  return z.object({
    name: z.string().trim().min(3, t('profile.nameMin')).max(256, t('profile.nameMax')),
    email: z.email(t('profile.emailInvalid')).max(128, t('profile.emailInvalid')),
    password: z.union([z.literal(''), z.string().min(5, t('profile.passwordMin')).max(256)]),
    currentPassword: z.string(),
  });
}
type ProfileValues = z.infer<ReturnType<typeof profileSchema>>;

export function ProfileDialog({ user, onClose }: { user: SessionUser; onClose: () => void }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const [update] = useUpdateUserMutation();
  const schema = useMemo(() => profileSchema(t), [t]);
  const {
    register,
    handleSubmit,
    setError,
    control,
    formState: { errors, isSubmitting },
  } = useForm<ProfileValues>({
    resolver: zodResolver(schema),
    defaultValues: { name: user.name, email: user.email, password: '', currentPassword: '' },
  });
  // changing one's own password or e-mail asks for the current password (the server checks it)
  const [password, email] = useWatch({ control, name: ['password', 'email'] });
  const needsCurrent = password !== '' || email.trim().toLowerCase() !== user.email.toLowerCase();

  const submit = handleSubmit(async ({ name, email, password, currentPassword }) => {
    if (needsCurrent && !currentPassword) {
      setError('currentPassword', { message: t('common.required') });
      return;
    }
    try {
      await update({
        id: user.id,
        name,
        email,
        ...(password ? { password } : {}),
        ...(needsCurrent ? { currentPassword } : {}),
      }).unwrap();
      dispatch(userUpdated({ name, email }));
      notify('success', t('profile.saved'));
      onClose();
    } catch (error) {
      for (const [field, message] of Object.entries(serverFieldErrors(error))) {
        if (field === 'name' || field === 'email' || field === 'password' || field === 'currentPassword')
          setError(field, { message });
      }
      toastError(error);
    }
  });

  return (
    <FormDialog title={t('profile.title')} onClose={onClose} onSubmit={() => void submit()} saving={isSubmitting}>
      <Stack gap="3">
        {(['name', 'email', 'password'] as const).map((key) => (
          <Field.Root key={key} invalid={Boolean(errors[key])} required={key !== 'password'}>
            <Field.Label>{t(`profile.${key}`)}</Field.Label>
            <Input type={key === 'password' ? 'password' : key === 'email' ? 'email' : 'text'} {...register(key)} />
            <Field.ErrorText>{errors[key]?.message}</Field.ErrorText>
          </Field.Root>
        ))}
        {needsCurrent && (
          <Field.Root required invalid={Boolean(errors.currentPassword)}>
            <Field.Label>{t('users.dialog.currentPassword')}</Field.Label>
            <Input type="password" autoComplete="current-password" {...register('currentPassword')} />
            <Field.ErrorText>{errors.currentPassword?.message}</Field.ErrorText>
          </Field.Root>
        )}
      </Stack>
    </FormDialog>
  );
}
