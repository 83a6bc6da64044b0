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
}

/** The add/edit dialog of the management pages: a form with Cancel and Save. */
export function FormDialog({ title, onClose, onSubmit, saving, readOnly, size = 'md', children, testId }: Props) {
  const { t } = useTranslation();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!readOnly) onSubmit?.();
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
                  <Button type="submit" colorPalette="teal" loading={Boolean(saving)} data-testid="dialog-save">
                    {t('common.save')}
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
