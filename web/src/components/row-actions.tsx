import { HStack, IconButton } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DeleteIcon, EditIcon } from './icons';

/** The edit and delete buttons of a list row (plus any extra action before them). */
export function RowActions({
  onEdit,
  onDelete,
  children,
  label,
}: {
  onEdit?: (() => void) | undefined;
  onDelete?: (() => void) | undefined;
  children?: ReactNode;
  /** Names the record in the buttons' accessible labels. */
  label: string;
}) {
  const { t } = useTranslation();
  return (
    <HStack gap="0" justify="flex-end">
      {children}
      {onEdit && (
        <IconButton size="sm" variant="ghost" aria-label={`${t('common.edit')} ${label}`} onClick={onEdit}>
          <EditIcon />
        </IconButton>
      )}
      {onDelete && (
        <IconButton
          size="sm"
          variant="ghost"
          colorPalette="red"
          aria-label={`${t('common.delete')} ${label}`}
          onClick={onDelete}
        >
          <DeleteIcon />
        </IconButton>
      )}
    </HStack>
  );
}
