import { Field, Input, NativeSelect, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppSelector } from '../../../app/hooks';
import { useListConnectionsQuery, useListQueuesQuery } from '../../../api/endpoints/company';
import { MultiSelect } from '../../../components/multi-select';
import { FormDialog } from '../../../components/form-dialog';
import { notify } from '../../../components/toaster';
import { toastError } from '../../../lib/errors';
import { serverFieldErrors, validateForm } from '../../../lib/form';
import { useCreateUserMutation, useEditUserMutation, type UserRecord } from '../api/users-api';
import { userFormSchema, type UserFormValues } from '../utils/user-form';

/** Add or edit a user of the company (admins: profile, queues, default connection, queue-less tickets). */
export function UserDialog({ user, onClose }: { user: UserRecord | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { data: queues = [] } = useListQueuesQuery();
  const { data: connections = [] } = useListConnectionsQuery();
  const [create, creating] = useCreateUserMutation();
  const [edit, editing] = useEditUserMutation();
  const [values, setValues] = useState<UserFormValues>({
    name: user?.name ?? '',
    email: user?.email ?? '',
    password: '',
    profile: user?.profile ?? 'user',
    queueIds: (user?.queues ?? []).map((q) => q.id),
    whatsappId: user?.whatsappId ? String(user.whatsappId) : '',
    allTicket: user?.allTicket ?? 'disable',
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  // changing one's own password or e-mail asks for the current password (the server checks it)
  const me = useAppSelector((s) => s.session.user);
  const [currentPassword, setCurrentPassword] = useState('');
  const needsCurrent =
    user !== null &&
    me?.id === user.id &&
    (values.password !== '' || values.email.trim().toLowerCase() !== user.email.toLowerCase());
  const set = <K extends keyof UserFormValues>(key: K, value: UserFormValues[K]) =>
    setValues((v) => ({ ...v, [key]: value }));

  const submit = async () => {
    const result = validateForm(userFormSchema(t, user === null), values);
    if (!result.ok) return setErrors(result.errors);
    if (needsCurrent && !currentPassword) return setErrors({ currentPassword: t('common.required') });
    setErrors({});
    const { password, ...rest } = result.data;
    try {
      if (user)
        await edit({
          id: user.id,
          ...rest,
          ...(password ? { password } : {}),
          ...(needsCurrent ? { currentPassword } : {}),
        }).unwrap();
      else await create({ ...rest, password }).unwrap();
      notify('success', t('users.saved'));
      onClose();
    } catch (error) {
      setErrors(serverFieldErrors(error));
      toastError(error);
    }
  };

  const text = (key: 'name' | 'email' | 'password', type = 'text') => (
    <Field.Root required={key !== 'password' || !user} invalid={Boolean(errors[key])}>
      <Field.Label>{key === 'password' ? t('users.dialog.password') : t(`users.${key}`)}</Field.Label>
      <Input
        name={key}
        type={type}
        autoComplete={key === 'password' ? 'new-password' : 'off'}
        value={values[key]}
        onChange={(e) => set(key, e.target.value)}
      />
      {key === 'password' && user && !errors.password && (
        <Field.HelperText>{t('users.dialog.passwordEditHint')}</Field.HelperText>
      )}
      {errors[key] && <Field.ErrorText>{errors[key]}</Field.ErrorText>}
    </Field.Root>
  );

  return (
    <FormDialog
      title={user ? t('users.dialog.editTitle') : t('users.dialog.addTitle')}
      onClose={onClose}
      onSubmit={() => void submit()}
      saving={creating.isLoading || editing.isLoading}
      testId="user-dialog"
    >
      <Stack gap="4">
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
          {text('name')}
          {text('password', 'password')}
        </SimpleGrid>
        {needsCurrent && (
          <Field.Root required invalid={Boolean(errors.currentPassword)}>
            <Field.Label>{t('users.dialog.currentPassword')}</Field.Label>
            <Input
              name="currentPassword"
              type="password"
              autoComplete="current-password"
              value={currentPassword}
              onChange={(e) => setCurrentPassword(e.target.value)}
            />
            {errors.currentPassword && <Field.ErrorText>{errors.currentPassword}</Field.ErrorText>}
          </Field.Root>
        )}
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
          {text('email', 'email')}
          <Field.Root>
            <Field.Label>{t('users.profile')}</Field.Label>
            <NativeSelect.Root size="sm">
              <NativeSelect.Field
                name="profile"
                value={values.profile}
                onChange={(e) => set('profile', e.target.value === 'admin' ? 'admin' : 'user')}
              >
                <option value="admin">{t('users.profiles.admin')}</option>
                <option value="user">{t('users.profiles.user')}</option>
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </Field.Root>
        </SimpleGrid>
        {/* not a Field: its checkboxes would all take the field's control id */}
        <Stack gap="1.5">
          <Text fontSize="sm" fontWeight="medium">
            {t('users.queues')}
          </Text>
          <MultiSelect
            label={t('users.queues')}
            options={queues}
            value={values.queueIds}
            onChange={(ids) => set('queueIds', ids)}
            testId="user-queues"
          />
        </Stack>
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
          <Field.Root>
            <Field.Label>{t('users.dialog.whatsapp')}</Field.Label>
            <NativeSelect.Root size="sm">
              <NativeSelect.Field
                name="whatsappId"
                value={values.whatsappId}
                onChange={(e) => set('whatsappId', e.target.value)}
              >
                <option value="">{t('users.dialog.noWhatsapp')}</option>
                {connections.map((c) => (
                  <option key={c.id} value={String(c.id)}>
                    {c.name}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </Field.Root>
          <Field.Root>
            <Field.Label>{t('users.dialog.allTicket')}</Field.Label>
            <NativeSelect.Root size="sm">
              <NativeSelect.Field
                name="allTicket"
                value={values.allTicket}
                onChange={(e) => set('allTicket', e.target.value === 'enable' ? 'enable' : 'disable')}
              >
                <option value="enable">{t('users.dialog.allTicketOptions.enable')}</option>
                <option value="disable">{t('users.dialog.allTicketOptions.disable')}</option>
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </Field.Root>
        </SimpleGrid>
      </Stack>
    </FormDialog>
  );
}
