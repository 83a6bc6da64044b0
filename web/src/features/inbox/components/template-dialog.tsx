import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Ticket } from '../../../api/types';
import { FormDialog } from '../../../components/form-dialog';
import { toastError } from '../../../lib/errors';
import { type ChosenTemplate, templateComplete, TemplatePicker } from '../../../components/template-picker';
import { useSendTemplateMutation } from '../api/templates-api';
import { applyVariables } from '../utils/variables';

/**
 * "Modelos": the connection's approved Cloud API templates; the chosen one's header and body values (prefilled,
 * message variables allowed) and a preview of what the customer receives; sent with `POST /messages/{id}/template`.
 */
export function TemplateDialog({ ticket, onClose }: { ticket: Ticket; onClose: () => void }) {
  const { t } = useTranslation();
  const [send, sending] = useSendTemplateMutation();
  const [chosen, setChosen] = useState<ChosenTemplate | null>(null);
  const complete = templateComplete(chosen);

  const submit = async () => {
    if (!chosen || !complete) return;
    try {
      await send({ ticketId: ticket.id, ...chosen }).unwrap();
      onClose();
    } catch (error) {
      toastError(error);
    }
  };

  return (
    <FormDialog
      title={t('templates.title')}
      onClose={onClose}
      onSubmit={() => void submit()}
      saving={sending.isLoading}
      submitLabel={t('templates.send')}
      submitTestId="template-send"
      submitDisabled={!complete}
      size="lg"
      testId="template-dialog"
    >
      {ticket.whatsappId !== null && ticket.whatsappId !== undefined && (
        <TemplatePicker
          connectionId={ticket.whatsappId}
          value={chosen}
          onChange={setChosen}
          renderValue={(value) => applyVariables(value, { contactName: ticket.contact.name, ticketId: ticket.id })}
        />
      )}
    </FormDialog>
  );
}
