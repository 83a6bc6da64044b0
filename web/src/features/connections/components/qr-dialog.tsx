import {
  Box,
  Button,
  Center,
  Dialog,
  Field,
  HStack,
  Input,
  Portal,
  QrCode,
  Spinner,
  Stack,
  Text,
} from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toastError } from '../../../lib/errors';
import { useStartSessionMutation, type ConnectionRecord } from '../api/connections-api';
import { shouldCloseQr } from '../utils/session-actions';

/**
 * The QR of a connection's session, live (the page keeps the connection fresh from the socket). It closes by
 * itself once the QR it showed becomes empty; it also offers linking with a pairing code instead.
 */
export function QrDialog({ connection, onClose }: { connection: ConnectionRecord | undefined; onClose: () => void }) {
  const { t } = useTranslation();
  const [seenQr, setSeenQr] = useState(false);
  const [pairingOpen, setPairingOpen] = useState(false);
  const [number, setNumber] = useState('');
  const [numberError, setNumberError] = useState<string | null>(null);
  // once a pairing code is asked for, the QR going away is expected: only CONNECTED closes the dialog then
  const [pairingRequested, setPairingRequested] = useState(false);
  const [start, starting] = useStartSessionMutation();
  const qrcode = connection?.qrcode ?? '';
  const pairingCode = connection?.pairingCode ?? null;

  useEffect(() => {
    if (qrcode && !pairingRequested) setSeenQr(true);
  }, [qrcode, pairingRequested]);
  useEffect(() => {
    if (!connection || shouldCloseQr(seenQr, qrcode, pairingCode) || connection.status === 'CONNECTED') onClose();
  }, [connection, seenQr, qrcode, pairingCode, onClose]);

  const requestCode = async () => {
    const digits = number.replace(/\D/g, '');
    if (digits.length < 10 || digits.length > 15) return setNumberError(t('connections.qr.invalidNumber'));
    setNumberError(null);
    if (!connection) return;
    setPairingRequested(true);
    setSeenQr(false);
    try {
      await start({ id: connection.id, pairing: { usePairingCode: true, number: digits } }).unwrap();
    } catch (error) {
      toastError(error);
    }
  };

  return (
    <Dialog.Root open onOpenChange={(e) => !e.open && onClose()} size="md">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="qr-dialog">
            <Dialog.Header>
              <Dialog.Title>{t('connections.qr.title')}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="4" align="center">
                {pairingCode ? (
                  <Stack align="center" gap="2">
                    <Text fontWeight="semibold">{t('connections.qr.pairingCode')}</Text>
                    <Text fontSize="3xl" fontFamily="mono" letterSpacing="widest" data-testid="pairing-code">
                      {pairingCode.length === 8 ? `${pairingCode.slice(0, 4)}-${pairingCode.slice(4)}` : pairingCode}
                    </Text>
                    <Text fontSize="sm" color="fg.muted" textAlign="center">
                      {t('connections.qr.pairingHelp')}
                    </Text>
                  </Stack>
                ) : qrcode ? (
                  <Box bg="white" p="3" borderRadius="md">
                    <QrCode.Root value={qrcode} size="xl" data-testid="qr-code" data-qr={qrcode}>
                      <QrCode.Frame>
                        <QrCode.Pattern />
                      </QrCode.Frame>
                    </QrCode.Root>
                  </Box>
                ) : (
                  <Center h="48" flexDirection="column" gap="2">
                    <Spinner />
                    <Text color="fg.muted">{t('connections.qr.waiting')}</Text>
                  </Center>
                )}
                {!pairingCode && (
                  <Text fontSize="sm" color="fg.muted" textAlign="center">
                    {t('connections.qr.help')}
                  </Text>
                )}
                {!pairingCode &&
                  (pairingOpen ? (
                    <HStack align="flex-end" w="full">
                      <Field.Root invalid={Boolean(numberError)}>
                        <Field.Label>{t('connections.qr.pairingNumber')}</Field.Label>
                        <Input
                          name="pairing-number"
                          inputMode="tel"
                          value={number}
                          onChange={(e) => setNumber(e.target.value)}
                        />
                        {numberError && <Field.ErrorText>{numberError}</Field.ErrorText>}
                      </Field.Root>
                      <Button colorPalette="teal" loading={starting.isLoading} onClick={() => void requestCode()}>
                        {t('connections.qr.requestCode')}
                      </Button>
                    </HStack>
                  ) : (
                    <Button variant="ghost" size="sm" onClick={() => setPairingOpen(true)}>
                      {t('connections.qr.pairing')}
                    </Button>
                  ))}
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
