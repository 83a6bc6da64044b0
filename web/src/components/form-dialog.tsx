import { Button, Dialog, Portal } from '@chakra-ui/react';
import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface Props {
  title: string;
  onClose: () => void;
  onSubmit?: (() => void) | undefined;
  saving?: boolean;
  /** Hides the save button (read-only records). */
  readOnly?: boolean;
  size?: 'sm' | 'md' | 'lg' | 'xl';
  children: ReactNode;
  testId?: string;
  /** The submit button's text (default: Save) and test id (default: `dialog-save`). */
  submitLabel?: string;
  submitTestId?: string;
  /** Keeps the form from being submitted (e.g. until a contact is picked). */
  submitDisabled?: boolean;
}

/** Every form dialog of the app: a form with Cancel and Save (Save busy while `saving`). */
export function FormDialog({
  title,
  onClose,
  onSubmit,
  saving,
  readOnly,
  size = 'md',
  children,
  testId,
  submitLabel,
  submitTestId = 'dialog-save',
  submitDisabled,
}: Props) {
  const { t } = useTranslation();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!readOnly && !submitDisabled) onSubmit?.();
  };
  return (
    <Dialog.Root open onOpenChange={(e) => !e.open && onClose()} size={size} scrollBehavior="inside">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          {/* the spec's messages are shown by the form itself, not by the browser's built-in validation */}
          <Dialog.Content asChild data-testid={testId}>
            <form onSubmit={submit} noValidate>
              <Dialog.Header>
                <Dialog.Title>{title}</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>{children}</Dialog.Body>
              <Dialog.Footer>
                <Button variant="outline" onClick={onClose}>
                  {readOnly ? t('common.close') : t('common.cancel')}
                </Button>
                {!readOnly && (
                  <Button
                    type="submit"
                    colorPalette="teal"
                    loading={Boolean(saving)}
                    disabled={submitDisabled}
                    data-testid={submitTestId}
                  >
                    {submitLabel ?? t('common.save')}
                  </Button>
                )}
              </Dialog.Footer>
            </form>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
