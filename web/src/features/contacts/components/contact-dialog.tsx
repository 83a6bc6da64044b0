import { Button, Field, HStack, IconButton, Input, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Contact } from '../../../api/types';
import { FormDialog } from '../../../components/form-dialog';
import { AddIcon, CloseIcon } from '../../../components/icons';
import { notify } from '../../../components/toaster';
import { toastError } from '../../../lib/errors';
import { serverFieldErrors, validateForm } from '../../../lib/form';
import { useCreateContactMutation, useSaveContactMutation, type ContactBody } from '../api/contacts-api';
import { ContactFormSchema } from '../../../lib/contact-form';

/** Add or edit a contact: name, number, email and the extra information fields. */
export function ContactDialog({ contact, onClose }: { contact: Contact | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [create, creating] = useCreateContactMutation();
  const [save, saving] = useSaveContactMutation();
  const [values, setValues] = useState<ContactBody>({
    name: contact?.name ?? '',
    number: contact?.number ?? '',
    email: contact?.email ?? '',
    extraInfo: (contact?.extraInfo ?? []).map(({ name, value }) => ({ name, value })),
  });
  const [errors, setErrors] = useState<Record<string, string>>({});

  const submit = async () => {
    const result = validateForm(ContactFormSchema, values);
    if (!result.ok) return setErrors(result.errors);
    setErrors({});
    const body = { ...result.data, extraInfo: result.data.extraInfo.filter((e) => e.name) };
    try {
      if (contact) await save({ id: contact.id, ...body }).unwrap();
      else await create(body).unwrap();
      notify('success', t('contacts.dialog.saved'));
      onClose();
    } catch (error) {
      setErrors(serverFieldErrors(error));
      toastError(error);
    }
  };

  const setExtra = (i: number, key: 'name' | 'value', value: string) =>
    setValues((v) => ({ ...v, extraInfo: v.extraInfo.map((e, j) => (j === i ? { ...e, [key]: value } : e)) }));

  return (
    <FormDialog
      title={contact ? t('contacts.dialog.editTitle') : t('contacts.dialog.addTitle')}
      onClose={onClose}
      onSubmit={() => void submit()}
      saving={creating.isLoading || saving.isLoading}
      testId="contact-dialog"
    >
      <Stack gap="3">
        {(['name', 'number', 'email'] as const).map((key) => (
          <Field.Root key={key} invalid={Boolean(errors[key])} required={key !== 'email'}>
            <Field.Label>{t(`contacts.dialog.${key}`)}</Field.Label>
            <Input
              name={key}
              type={key === 'email' ? 'email' : 'text'}
              placeholder={key === 'number' ? '5511999999999' : undefined}
              value={values[key]}
              onChange={(e) => setValues((v) => ({ ...v, [key]: e.target.value }))}
            />
            {errors[key] && <Field.ErrorText>{errors[key]}</Field.ErrorText>}
          </Field.Root>
        ))}
        <Text fontWeight="semibold">{t('contacts.dialog.extraInfo')}</Text>
        {values.extraInfo.map((extra, i) => (
          <HStack key={i}>
            <Input
              size="sm"
              aria-label={t('contacts.dialog.extraName')}
              placeholder={t('contacts.dialog.extraName')}
              value={extra.name}
              onChange={(e) => setExtra(i, 'name', e.target.value)}
            />
            <Input
              size="sm"
              aria-label={t('contacts.dialog.extraValue')}
              placeholder={t('contacts.dialog.extraValue')}
              value={extra.value}
              onChange={(e) => setExtra(i, 'value', e.target.value)}
            />
            <IconButton
              aria-label={t('common.delete')}
              size="sm"
              variant="ghost"
              onClick={() => setValues((v) => ({ ...v, extraInfo: v.extraInfo.filter((_, j) => j !== i) }))}
            >
              <CloseIcon />
            </IconButton>
          </HStack>
        ))}
        <Button
          size="sm"
          variant="outline"
          alignSelf="flex-start"
          onClick={() => setValues((v) => ({ ...v, extraInfo: [...v.extraInfo, { name: '', value: '' }] }))}
        >
          <AddIcon /> {t('contacts.dialog.addExtra')}
        </Button>
      </Stack>
    </FormDialog>
  );
}
