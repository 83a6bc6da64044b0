import { Button, Dialog, Portal, Progress, Stack, Text } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { channel } from '@cs/proto/realtime';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { notify } from '../../../components/toaster';
import { useLiveEvent } from '../../../components/use-live-event';
import { contactsPageApi, useGetImportQuery, type ImportReport } from '../api/contacts-api';
import { importPercent, isImportDone } from '../utils/contact-import';

/** While an import runs its report is also polled, so a missed socket event never freezes the bar. */
export const IMPORT_POLL_MS = 2000;

/**
 * The import's progress bar: live from `company-{id}-contactImport` (`processed`/`total`), then the summary
 * (imported, merged, invalid rows). The contact list refreshes when the import ends.
 */
export function ImportProgress({ initial, onClose }: { initial: ImportReport; onClose: () => void }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const companyId = useAppSelector((s) => s.session.user?.companyId ?? 0);
  const [report, setReport] = useState(initial);
  const done = isImportDone(report);
  const { data: polled } = useGetImportQuery(initial.id, { skip: done, pollingInterval: IMPORT_POLL_MS });

  useEffect(() => {
    if (polled) setReport((r) => (polled.processed >= r.processed || isImportDone(polled) ? polled : r));
  }, [polled]);

  useLiveEvent(channel.contactImport(companyId), (event) => {
    if (event.jobId !== initial.id) return;
    setReport((r) => ({
      ...r,
      total: event.total ?? r.total,
      processed: Math.max(r.processed, event.processed ?? 0),
      imported: event.imported ?? r.imported,
      merged: event.merged ?? r.merged,
      invalid: event.invalid ?? r.invalid,
      error: event.error ?? r.error,
      ...(event.done || event.action === 'done' ? { status: event.error ? 'failed' : 'done' } : {}),
    }));
  });

  useEffect(() => {
    if (!done) return;
    dispatch(contactsPageApi.util.invalidateTags(['ContactsList']));
    if (report.status === 'failed' || report.error)
      notify('error', t('contacts.importFailed', { error: report.error ?? '' }));
    else notify('success', t('contacts.importSuccess'));
  }, [done, dispatch, report.status, report.error, t]);

  const percent = done ? 100 : importPercent(report);
  return (
    <Dialog.Root open onOpenChange={(e) => !e.open && onClose()} closeOnInteractOutside={false}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="import-progress">
            <Dialog.Header>
              <Dialog.Title>{t('contacts.importTitle')}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="3">
                <Progress.Root value={percent} max={100} striped={!done} animated={!done} colorPalette="teal">
                  <Progress.Track>
                    <Progress.Range />
                  </Progress.Track>
                </Progress.Root>
                <Text fontSize="sm" data-testid="import-status">
                  {done
                    ? t('contacts.importSummary', {
                        imported: report.imported,
                        merged: report.merged,
                        invalid: report.invalid,
                      })
                    : report.total > 0
                      ? t('contacts.importing', { processed: report.processed, total: report.total })
                      : t('contacts.importStarting')}
                </Text>
                {done && report.invalidRows.length > 0 && (
                  <Stack gap="0" maxH="40" overflowY="auto" fontSize="xs" color="fg.muted" data-testid="invalid-rows">
                    {report.invalidRows.map((row) => (
                      <Text key={row.row}>{t('contacts.invalidRow', { row: row.row, reason: row.reason })}</Text>
                    ))}
                  </Stack>
                )}
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={onClose}>
                {t('common.close')}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
