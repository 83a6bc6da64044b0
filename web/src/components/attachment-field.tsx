import { Button, Field, HStack, IconButton, Text } from '@chakra-ui/react';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { AttachIcon, CloseIcon } from './icons';

interface Props {
  label: string;
  /** The file chosen now (uploaded when the record is saved). */
  file: File | null;
  /** The name of the attachment the record already has (null: none, or removed). */
  existingName: string | null;
  accept?: string;
  disabled?: boolean;
  error?: string | undefined;
  onFile: (file: File | null) => void;
  onRemoveExisting: () => void;
}

/** One attachment of a record: shows what is attached, lets the user pick a file or drop the current one. */
export function AttachmentField({
  label,
  file,
  existingName,
  accept,
  disabled,
  error,
  onFile,
  onRemoveExisting,
}: Props) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const shown = file?.name ?? existingName;
  return (
    <Field.Root invalid={Boolean(error)}>
      <Field.Label>{label}</Field.Label>
      <input
        ref={input}
        type="file"
        hidden
        accept={accept}
        data-testid="attachment-input"
        onChange={(e) => {
          onFile(e.target.files?.[0] ?? null);
          e.target.value = '';
        }}
      />
      <HStack>
        {shown ? (
          <>
            <Text fontSize="sm" truncate maxW="xs" data-testid="attachment-name">
              {shown}
            </Text>
            {!disabled && (
              <IconButton
                size="xs"
                variant="ghost"
                aria-label={t('management.removeAttachment')}
                onClick={() => (file ? onFile(null) : onRemoveExisting())}
              >
                <CloseIcon />
              </IconButton>
            )}
          </>
        ) : (
          <Button size="sm" variant="outline" disabled={disabled} onClick={() => input.current?.click()}>
            <AttachIcon /> {t('management.attach')}
          </Button>
        )}
      </HStack>
      {error && <Field.ErrorText>{error}</Field.ErrorText>}
    </Field.Root>
  );
}
