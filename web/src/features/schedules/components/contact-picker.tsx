import { Box, chakra, Field, Input, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchContactsQuery } from '../../../api/endpoints/contacts';
import { useDebouncedValue } from '../../../components/use-debounced-value';
import { formatPhone } from '../../../lib/format';

/** Contact search in dialogs starts at 3 characters (spec §5). */
export const CONTACT_SEARCH_MIN = 3;

export interface PickedContact {
  id: number;
  name: string;
  number?: string | undefined;
}

/** Search a contact by name or number (from 3 characters) and pick one. */
export function ContactPicker({
  value,
  onChange,
  error,
  disabled,
}: {
  value: PickedContact | null;
  onChange: (contact: PickedContact | null) => void;
  error?: string | undefined;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const term = useDebouncedValue(text.trim());
  const searching = term.length >= CONTACT_SEARCH_MIN && !value;
  const { data, isFetching } = useSearchContactsQuery(term, { skip: !searching });
  const results = data?.contacts ?? [];
  return (
    <Field.Root required invalid={Boolean(error)}>
      <Field.Label>{t('schedules.contact')}</Field.Label>
      <Input
        name="contact"
        placeholder={t('schedules.dialog.searchContact')}
        disabled={disabled}
        value={value ? `${value.name}${value.number ? ` — ${formatPhone(value.number)}` : ''}` : text}
        onChange={(e) => {
          if (value) onChange(null);
          setText(value ? '' : e.target.value);
        }}
        autoComplete="off"
      />
      {searching && !isFetching && (
        <Box borderWidth="1px" borderRadius="md" w="full" maxH="48" overflowY="auto" role="listbox">
          {results.length === 0 && (
            <Text p="2" fontSize="sm" color="fg.muted">
              {t('schedules.dialog.noContacts')}
            </Text>
          )}
          <Stack gap="0">
            {results.map((contact) => (
              <chakra.button
                key={contact.id}
                type="button"
                role="option"
                display="block"
                w="full"
                textAlign="start"
                px="3"
                py="2"
                _hover={{ bg: 'bg.muted' }}
                onClick={() => {
                  onChange({ id: contact.id, name: contact.name, number: contact.number });
                  setText('');
                }}
              >
                <Text fontSize="sm" fontWeight="semibold">
                  {contact.name}
                </Text>
                <Text fontSize="xs" color="fg.muted">
                  {formatPhone(contact.number)}
                </Text>
              </chakra.button>
            ))}
          </Stack>
        </Box>
      )}
      {error && <Field.ErrorText>{error}</Field.ErrorText>}
    </Field.Root>
  );
}
