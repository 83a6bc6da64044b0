import { Button, Dialog, Portal, Progress, Stack, Text } from '@chakra-ui/react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../components/toaster';
import { type ImportReport, useGetListImportQuery } from '../api/contact-lists-api';
import { importDone, importPercent } from '../utils/list-items';

/** While a large import runs in the background its report is polled this often. */
export const LIST_IMPORT_POLL_MS = 1500;

/** The spreadsheet import's progress bar, then the spec's success toast. */
export function ListImportProgress({ initial, onClose }: { initial: ImportReport; onClose: () => void }) {
  const { t } = useTranslation();
  const { data } = useGetListImportQuery(initial.id, {
    skip: importDone(initial),
    pollingInterval: LIST_IMPORT_POLL_MS,
  });
  const report = data ?? initial;
  const done = importDone(report);
  useEffect(() => {
    if (!done) return;
    if (report.error) notify('error', report.error);
    else notify('success', t('contactListItems.imported'));
  }, [done, report.error, t]);
  return (
    <Dialog.Root open onOpenChange={(e) => !e.open && onClose()} closeOnInteractOutside={false}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="list-import-progress">
            <Dialog.Header>
              <Dialog.Title>{t('contactListItems.import')}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="3">
                <Text>{t('contactListItems.importing', { processed: report.processed, total: report.total })}</Text>
                <Progress.Root value={done ? 100 : importPercent(report)} colorPalette="teal">
                  <Progress.Track>
                    <Progress.Range />
                  </Progress.Track>
                </Progress.Root>
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <Button onClick={onClose} disabled={!done}>
                {t('common.close')}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
