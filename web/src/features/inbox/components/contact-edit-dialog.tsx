import { Button, Dialog, Field, HStack, IconButton, Input, Portal, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUpdateContactMutation } from '../../../api/endpoints/contacts';
import type { Contact } from '../../../api/types';
import { AddIcon, CloseIcon } from '../../../components/icons';
import { notify } from '../../../components/toaster';
import { toastError } from '../../../lib/errors';
import { validateContact, type ContactFormValues } from '../utils/contact-form';

export function ContactEditDialog({ contact, onClose }: { contact: Contact; onClose: () => void }) {
  const { t } = useTranslation();
  const [update, { isLoading }] = useUpdateContactMutation();
  const [values, setValues] = useState<ContactFormValues>({
    name: contact.name,
    number: contact.number,
    email: contact.email ?? '',
    extraInfo: (contact.extraInfo ?? []).map(({ name, value }) => ({ name, value })),
  });
  const [errors, setErrors] = useState<Partial<Record<'name' | 'number' | 'email', string>>>({});

  const submit = async () => {
    const result = validateContact(values);
    if (!result.ok) return setErrors(result.errors);
    try {
      await update({ ...contact, ...result.data }).unwrap();
      notify('success', t('contactModal.saved'));
      onClose();
    } catch (error) {
      toastError(error);
    }
  };

  const setExtra = (i: number, key: 'name' | 'value', value: string) =>
    setValues((v) => ({ ...v, extraInfo: v.extraInfo.map((e, j) => (j === i ? { ...e, [key]: value } : e)) }));

  return (
    <Dialog.Root open onOpenChange={(e) => !e.open && onClose()} scrollBehavior="inside">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="contact-edit-dialog">
            <Dialog.Header>
              <Dialog.Title>{t('contactModal.title')}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="3">
                {(['name', 'number', 'email'] as const).map((key) => (
                  <Field.Root key={key} invalid={Boolean(errors[key])} required={key !== 'email'}>
                    <Field.Label>{t(`contactModal.${key}`)}</Field.Label>
                    <Input
                      name={key}
                      value={values[key]}
                      onChange={(e) => setValues((v) => ({ ...v, [key]: e.target.value }))}
                    />
                    {errors[key] && <Field.ErrorText>{errors[key]}</Field.ErrorText>}
                  </Field.Root>
                ))}
                <Text fontWeight="semibold">{t('contactModal.extraInfo')}</Text>
                {values.extraInfo.map((extra, i) => (
                  <HStack key={i}>
                    <Input
                      size="sm"
                      placeholder={t('contactModal.extraName')}
                      value={extra.name}
                      onChange={(e) => setExtra(i, 'name', e.target.value)}
                    />
                    <Input
                      size="sm"
                      placeholder={t('contactModal.extraValue')}
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
                  <AddIcon /> {t('contactModal.addExtra')}
                </Button>
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={onClose}>
                {t('common.cancel')}
              </Button>
              <Button colorPalette="teal" loading={isLoading} onClick={() => void submit()}>
                {t('common.save')}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
