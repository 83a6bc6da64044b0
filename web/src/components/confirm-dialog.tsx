import { Button, Dialog, Portal } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';

interface Props {
  open: boolean;
  title: string;
  body?: string;
  onConfirm: () => void;
  onClose: () => void;
}

export function ConfirmDialog({ open, title, body, onConfirm, onClose }: Props) {
  const { t } = useTranslation();
  return (
    <Dialog.Root open={open} onOpenChange={(e) => !e.open && onClose()} role="alertdialog" size="sm">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{title}</Dialog.Title>
            </Dialog.Header>
            {body && <Dialog.Body>{body}</Dialog.Body>}
            <Dialog.Footer>
              <Button variant="outline" onClick={onClose}>
                {t('common.no')}
              </Button>
              <Button
                colorPalette="red"
                onClick={() => {
                  onConfirm();
                  onClose();
                }}
              >
                {t('common.yes')}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
