import { IconButton } from '@chakra-ui/react';
import { UserX } from 'lucide-react';
import { skipToken } from '@reduxjs/toolkit/query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  useGetContactExportQuery,
  useRequestContactExportMutation,
  useRequestErasureMutation,
} from '../api/endpoints/privacy';
import { downloadFromApi } from '../lib/download';
import { toastError } from '../lib/errors';
import { ConfirmDialog } from './confirm-dialog';
import { DownloadIcon } from './icons';
import { notify } from './toaster';

/** How often a prepared export's status is asked for until it is ready. */
export const EXPORT_POLL_MS = 2_000;

/**
 * A contact's LGPD actions (admins; the contacts page and the chat's contact drawer): "Exportar dados" (the export
 * is prepared while the other services send the person's rows, its status polled, then one zip of everything held
 * about the person downloaded) and "Apagar dados (LGPD)", confirmed first.
 */
export function ContactPrivacyActions({ contact }: { contact: { readonly id: number; readonly name: string } }) {
  const { t } = useTranslation();
  const [erase] = useRequestErasureMutation();
  const [confirming, setConfirming] = useState(false);
  const [requestExport] = useRequestContactExportMutation();
  const [exporting, setExporting] = useState(false);
  const [exportId, setExportId] = useState<string | null>(null);
  const { data: prepared, error: statusError } = useGetContactExportQuery(exportId ?? skipToken, {
    pollingInterval: EXPORT_POLL_MS,
  });

  const exportData = async () => {
    setExporting(true);
    try {
      setExportId((await requestExport(contact.id).unwrap()).id);
    } catch (error) {
      toastError(error);
      setExporting(false);
    }
  };

  useEffect(() => {
    if (!exportId) return;
    if (statusError) {
      toastError(statusError);
      setExportId(null);
      setExporting(false);
      return;
    }
    if (prepared?.id !== exportId || prepared.status !== 'ready') return;
    setExportId(null);
    downloadFromApi(`/privacy/contact-exports/${exportId}`, `contato-${contact.id}.zip`)
      .then(() => notify('success', t('privacy.exported')))
      .catch(toastError)
      .finally(() => setExporting(false));
  }, [exportId, prepared, statusError, contact.id, t]);

  const requestErasure = async () => {
    try {
      await erase(contact.id).unwrap();
      notify('success', t('privacy.eraseRequested'));
    } catch (error) {
      toastError(error);
    }
  };

  return (
    <>
      <IconButton
        size="sm"
        variant="ghost"
        aria-label={`${t('privacy.export')} ${contact.name}`}
        loading={exporting}
        onClick={() => void exportData()}
      >
        <DownloadIcon />
      </IconButton>
      <IconButton
        size="sm"
        variant="ghost"
        colorPalette="red"
        aria-label={`${t('privacy.erase')} ${contact.name}`}
        onClick={() => setConfirming(true)}
      >
        <UserX />
      </IconButton>
      <ConfirmDialog
        open={confirming}
        title={t('privacy.eraseTitle')}
        body={t('privacy.eraseBody', { name: contact.name })}
        onConfirm={() => void requestErasure()}
        onClose={() => setConfirming(false)}
      />
    </>
  );
}
