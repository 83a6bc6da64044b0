import { Checkbox, Field, Input, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useListUsersQuery } from '../../../api/endpoints/company';
import { FormDialog } from '../../../components/form-dialog';
import { notify, SHORT_TOAST_MS } from '../../../components/toaster';
import { type Chat, useCreateChatMutation, useUpdateChatMutation } from '../api/chats-api';

export interface ChatForm {
  title: string;
  users: number[];
}

/** The spec's two rules of the new-chat dialog (§5), as i18n keys. */
export function validateChat(values: ChatForm): { title?: string; users?: string } {
  const errors: { title?: string; users?: string } = {};
  if (!values.title.trim()) errors.title = 'chats.titleRequired';
  if (values.users.length === 0) errors.users = 'chats.usersRequired';
  return errors;
}

/** New chat (title plus the users to talk to) or, for its owner, the chat's title and members. */
export function ChatDialog({
  chat,
  meId,
  onClose,
  onSaved,
}: {
  chat: Chat | null;
  meId: number;
  onClose: () => void;
  onSaved: (chat: Chat) => void;
}) {
  const { t } = useTranslation();
  const { data: users = [] } = useListUsersQuery();
  const [create, creating] = useCreateChatMutation();
  const [update, updating] = useUpdateChatMutation();
  const [values, setValues] = useState<ChatForm>({
    title: chat?.title ?? '',
    users: chat ? chat.users.map((member) => member.userId).filter((id) => id !== meId) : [],
  });
  const [errors, setErrors] = useState<{ title?: string; users?: string }>({});
  const others = users.filter((user) => user.id !== meId);

  const submit = async () => {
    const found = validateChat(values);
    setErrors(found);
    if (found.title || found.users) {
      notify('error', t(found.title ?? found.users ?? ''), SHORT_TOAST_MS);
      return;
    }
    try {
      const body = { title: values.title.trim(), users: values.users };
      const saved = chat ? await update({ id: chat.id, ...body }).unwrap() : await create(body).unwrap();
      onSaved(saved);
      onClose();
    } catch {
      // chat failures are silently ignored (spec §6)
    }
  };

  return (
    <FormDialog
      title={chat ? t('chats.edit') : t('chats.new')}
      onClose={onClose}
      onSubmit={() => void submit()}
      saving={creating.isLoading || updating.isLoading}
      testId="chat-dialog"
    >
      <Stack gap="4">
        <Field.Root required invalid={Boolean(errors.title)}>
          <Field.Label>{t('chats.titleLabel')}</Field.Label>
          <Input
            name="title"
            value={values.title}
            onChange={(e) => setValues((v) => ({ ...v, title: e.target.value }))}
          />
          {errors.title && <Field.ErrorText>{t(errors.title)}</Field.ErrorText>}
        </Field.Root>
        <Stack gap="2" role="group" aria-label={t('chats.users')}>
          <Text fontWeight="medium" fontSize="sm">
            {t('chats.users')}
          </Text>
          <Stack gap="1" maxH="60" overflowY="auto">
            {others.map((user) => (
              <Checkbox.Root
                key={user.id}
                checked={values.users.includes(user.id)}
                onCheckedChange={(e) =>
                  setValues((v) => ({
                    ...v,
                    users: e.checked ? [...v.users, user.id] : v.users.filter((id) => id !== user.id),
                  }))
                }
              >
                <Checkbox.HiddenInput />
                <Checkbox.Control />
                <Checkbox.Label>{user.name}</Checkbox.Label>
              </Checkbox.Root>
            ))}
          </Stack>
          {errors.users && (
            <Text color="fg.error" fontSize="sm">
              {t(errors.users)}
            </Text>
          )}
        </Stack>
      </Stack>
    </FormDialog>
  );
}
