import { IconButton } from '@chakra-ui/react';
import { UserX } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRequestErasureMutation } from '../api/endpoints/privacy';
import { downloadFromApi } from '../lib/download';
import { toastError } from '../lib/errors';
import { ConfirmDialog } from './confirm-dialog';
import { DownloadIcon } from './icons';
import { notify } from './toaster';

/**
 * A contact's LGPD actions (admins; the contacts page and the chat's contact drawer): "Exportar dados" (one zip of
 * everything held about the person) and "Apagar dados (LGPD)", confirmed first.
 */
export function ContactPrivacyActions({ contact }: { contact: { readonly id: number; readonly name: string } }) {
  const { t } = useTranslation();
  const [erase] = useRequestErasureMutation();
  const [confirming, setConfirming] = useState(false);
  const [exporting, setExporting] = useState(false);

  const exportData = async () => {
    setExporting(true);
    try {
      await downloadFromApi(`/privacy/contact-exports/${contact.id}`, `contato-${contact.id}.zip`);
      notify('success', t('privacy.exported'));
    } catch (error) {
      toastError(error);
    } finally {
      setExporting(false);
    }
  };

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
