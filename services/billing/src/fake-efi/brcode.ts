/**
 * Pix BR Code (EMV® QRCPS merchant-presented mode), as the Banco Central's "Manual de Padrões para Iniciação
 * do Pix" defines it: ID-length-value fields, closed by the CRC16-CCITT (polynomial 0x1021, initial 0xFFFF) of
 * the whole payload including the CRC field's own "6304".
 */

/** CRC-16/CCITT-FALSE over the UTF-8 bytes, as 4 upper-case hex digits. */
export function crc16Ccitt(payload: string): string {
  let crc = 0xffff;
  for (const byte of Buffer.from(payload, 'utf8')) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit += 1) {
      crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
    }
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

const field = (id: string, value: string): string => {
  const length = Buffer.byteLength(value, 'utf8');
  if (length > 99) throw new Error(`BR Code field ${id} longer than 99 bytes`);
  return `${id}${String(length).padStart(2, '0')}${value}`;
};

/** Names and cities in the BR Code are plain ASCII (accents dropped), upper limits 25 and 15. */
const ascii = (value: string, max: number): string =>
  value
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]/g, '')
    .slice(0, max);

export interface BrCodeInput {
  /** Dynamic charge: the location URL without the scheme (`pix.example.com/qr/v2/...`). */
  readonly location?: string;
  /** Static charge: the Pix key. */
  readonly key?: string;
  readonly amount?: string;
  readonly merchantName: string;
  readonly merchantCity: string;
  /** `***` for dynamic charges (the txid travels in the location's payload). */
  readonly txid?: string;
}

export function brCode(input: BrCodeInput): string {
  const account = field(
    '26',
    field('00', 'br.gov.bcb.pix') + (input.location ? field('25', input.location) : field('01', input.key ?? '')),
  );
  const body =
    field('00', '01') +
    (input.location ? field('01', '12') : '') +
    account +
    field('52', '0000') +
    field('53', '986') +
    (input.amount ? field('54', input.amount) : '') +
    field('58', 'BR') +
    field('59', ascii(input.merchantName, 25)) +
    field('60', ascii(input.merchantCity, 15)) +
    field('62', field('05', input.txid ?? '***')) +
    '6304';
  return body + crc16Ccitt(body);
}

/** Whether a BR Code's CRC matches its content. */
export function hasValidCrc(code: string): boolean {
  return code.length > 8 && crc16Ccitt(code.slice(0, -4)) === code.slice(-4).toUpperCase();
}
