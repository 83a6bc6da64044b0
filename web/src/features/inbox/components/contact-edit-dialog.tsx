import { Button, Field, HStack, IconButton, Input, Stack, Text } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useFieldArray, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useUpdateContactMutation } from '../../../api/endpoints/contacts';
import type { Contact } from '../../../api/types';
import { FormDialog } from '../../../components/form-dialog';
import { AddIcon, CloseIcon } from '../../../components/icons';
import { notify } from '../../../components/toaster';
import { toastError } from '../../../lib/errors';
import { ContactFormSchema, type ContactFormValues } from '../../../lib/contact-form';

export function ContactEditDialog({ contact, onClose }: { contact: Contact; onClose: () => void }) {
  const { t } = useTranslation();
  const [update] = useUpdateContactMutation();
  const {
    register,
    control,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<ContactFormValues>({
    resolver: zodResolver(ContactFormSchema),
    defaultValues: {
      name: contact.name,
      number: contact.number,
      email: contact.email ?? '',
      extraInfo: (contact.extraInfo ?? []).map(({ name, value }) => ({ name, value })),
    },
  });
  const extras = useFieldArray({ control, name: 'extraInfo' });

  const submit = handleSubmit(async (values) => {
    try {
      await update({ ...contact, ...values }).unwrap();
      notify('success', t('contactModal.saved'));
      onClose();
    } catch (error) {
      toastError(error);
    }
  });

  return (
    <FormDialog
      title={t('contactModal.title')}
      onClose={onClose}
      onSubmit={() => void submit()}
      saving={isSubmitting}
      testId="contact-edit-dialog"
    >
      <Stack gap="3">
        {(['name', 'number', 'email'] as const).map((key) => (
          <Field.Root key={key} invalid={Boolean(errors[key])} required={key !== 'email'}>
            <Field.Label>{t(`contactModal.${key}`)}</Field.Label>
            <Input {...register(key)} />
            <Field.ErrorText>{errors[key]?.message}</Field.ErrorText>
          </Field.Root>
        ))}
        <Text fontWeight="semibold">{t('contactModal.extraInfo')}</Text>
        {extras.fields.map((field, i) => (
          <HStack key={field.id}>
            <Input size="sm" placeholder={t('contactModal.extraName')} {...register(`extraInfo.${i}.name`)} />
            <Input size="sm" placeholder={t('contactModal.extraValue')} {...register(`extraInfo.${i}.value`)} />
            <IconButton aria-label={t('common.delete')} size="sm" variant="ghost" onClick={() => extras.remove(i)}>
              <CloseIcon />
            </IconButton>
          </HStack>
        ))}
        <Button
          size="sm"
          variant="outline"
          alignSelf="flex-start"
          onClick={() => extras.append({ name: '', value: '' })}
        >
          <AddIcon /> {t('contactModal.addExtra')}
        </Button>
      </Stack>
    </FormDialog>
  );
}
