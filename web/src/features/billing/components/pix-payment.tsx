import { Box, Button, Code, Image, Stack, Text } from '@chakra-ui/react';
import QRCode from 'qrcode';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../lib/money';
import type { PixCharge } from '../api/billing-api';

export const COPY_CONFIRMATION_MS = 1000;

/** The Pix step: the QR code drawn here (the `qrcode` package, no third-party image), the code and its copy. */
export function PixPayment({ charge }: { charge: PixCharge }) {
  const { t } = useTranslation();
  const [image, setImage] = useState<string | null>(null);
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const code = charge.qrcode.qrcode;

  useEffect(() => {
    let alive = true;
    void QRCode.toDataURL(code, { errorCorrectionLevel: 'M', margin: 1, width: 240 }).then((url) => {
      if (alive) setImage(url);
    });
    return () => {
      alive = false;
    };
  }, [code]);
  useEffect(() => () => void (timer.current && clearTimeout(timer.current)), []);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(code);
    } catch {
      // no clipboard permission (plain http): the code stays selectable on screen
    }
    setCopied(true);
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => setCopied(false), COPY_CONFIRMATION_MS);
  };

  return (
    <Stack gap="3" align="center" data-testid="pix-payment">
      <Text fontWeight="semibold" fontSize="lg">
        {t('billing.checkout.pixTitle')}
      </Text>
      <Text color="fg.muted" textAlign="center">
        {t('billing.checkout.pixHelp')}
      </Text>
      <Box bg="white" p="2" borderRadius="md" minH="240px" minW="240px">
        {image && <Image src={image} alt="QR Code Pix" width="240px" height="240px" data-testid="pix-qrcode" />}
      </Box>
      <Text fontWeight="semibold" data-testid="pix-amount">
        {t('billing.checkout.pixAmount', { value: formatMoney(charge.valor.original) })}
      </Text>
      <Text fontSize="sm" color="fg.muted">
        {t('billing.checkout.pixExpires', {
          time: new Date(charge.expiresAt).toLocaleString('pt-BR', { dateStyle: 'short', timeStyle: 'short' }),
        })}
      </Text>
      <Code
        data-testid="pix-code"
        p="2"
        maxW="full"
        whiteSpace="pre-wrap"
        wordBreak="break-all"
        fontSize="xs"
        userSelect="all"
      >
        {code}
      </Code>
      <Button colorPalette="teal" onClick={() => void copy()} data-testid="pix-copy">
        {copied ? t('billing.checkout.copied') : t('billing.checkout.copy')}
      </Button>
    </Stack>
  );
}
