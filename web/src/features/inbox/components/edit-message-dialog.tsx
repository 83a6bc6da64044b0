import { Field, Textarea } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { EditMessageSchema, type EditMessageInput } from '@cs/proto/http';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useEditMessageMutation } from '../../../api/endpoints/messages';
import type { Message } from '../../../api/types';
import { FormDialog } from '../../../components/form-dialog';
import { toastError } from '../../../lib/errors';

/** "Editar": the text of one of our messages, prefilled; saved through `POST /messages/edit/{id}`. */
export function EditMessageDialog({ message, onClose }: { message: Message; onClose: () => void }) {
  const { t } = useTranslation();
  const [edit] = useEditMessageMutation();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<EditMessageInput>({
    resolver: zodResolver(EditMessageSchema),
    defaultValues: { body: message.body },
  });

  const submit = handleSubmit(async ({ body }) => {
    try {
      if (body !== message.body) await edit({ id: message.id, body }).unwrap();
      onClose();
    } catch (error) {
      toastError(error);
    }
  });

  return (
    <FormDialog
      title={t('chat.editMessageTitle')}
      onClose={onClose}
      onSubmit={() => void submit()}
      saving={isSubmitting}
      testId="edit-message-dialog"
    >
      <Field.Root invalid={Boolean(errors.body)} required>
        <Field.Label>{t('chat.editMessageLabel')}</Field.Label>
        <Textarea autoFocus autoresize maxH="60" {...register('body')} />
        <Field.ErrorText>{errors.body && t('chat.editMessageEmpty')}</Field.ErrorText>
      </Field.Root>
    </FormDialog>
  );
}
