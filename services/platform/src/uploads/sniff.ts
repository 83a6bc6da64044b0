import { fileTypeFromBuffer } from 'file-type';
import { DomainError } from '../errors/domain-error.js';

/** A type an upload route accepts: an exact MIME type or a family (`image/*`). */
export type AllowedType = string;

/** Allow-lists for the platform's upload routes (pick the narrowest one that fits). */
export const UPLOAD_ALLOW_LISTS = {
  /** Pictures shown inline (announcements, avatars). SVG is never accepted: it can carry script. */
  images: ['image/png', 'image/jpeg', 'image/gif', 'image/webp'],
  /** What a WhatsApp message can carry: pictures, audio, video, documents, plain text and CSV. */
  messageMedia: [
    'image/png',
    'image/jpeg',
    'image/gif',
    'image/webp',
    'audio/*',
    'video/*',
    'application/pdf',
    'application/zip',
    'application/x-cfb',
    'application/msword',
    'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    'application/vnd.openxmlformats-officedocument.presentationml.presentation',
    'application/vnd.oasis.opendocument.text',
    'application/vnd.oasis.opendocument.spreadsheet',
    'text/plain',
    'text/csv',
  ],
  /**
   * Contact imports: .xlsx, legacy .xls (a CFB container) and .csv (text without markup); a zip `file-type`
   * cannot tell apart is let through to the importer, which answers a broken workbook with its own error.
   */
  spreadsheets: [
    'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    'application/x-cfb',
    'application/zip',
    'text/csv',
  ],
} as const satisfies Record<string, readonly AllowedType[]>;

/** Markup a browser would render or run, whatever the declared type (looked for at the start of a text file). */
const MARKUP =
  /<\s*(!doctype|html|head|body|script|svg|iframe|object|embed|meta|xml|\?xml)|<[a-z][\w-]*[^>]*\son\w+\s*=/i;

/**
 * The real type of uploaded bytes: the signature `file-type` finds, or for signature-less files plain text / CSV
 * when the bytes are valid UTF-8 text without NUL and without markup (an `.html` or `.svg` renamed `.txt` is
 * not text here). `undefined`: unknown binary or markup, never accepted.
 */
export async function sniffType(data: Uint8Array, fileName = ''): Promise<string | undefined> {
  const found = await fileTypeFromBuffer(data);
  if (found) return found.mime;
  const head = Buffer.from(data.subarray(0, 8_192));
  if (head.includes(0)) return undefined;
  const text = head.toString('utf8');
  const csv = /\.csv$/i.test(fileName);
  // a CSV may be Latin-1 (as spreadsheets in Brazil often save it): not UTF-8, still text
  if (!csv && text.includes('\ufffd') && data.length <= head.length) return undefined;
  if (MARKUP.test(text) || (csv && MARKUP.test(head.toString('latin1')))) return undefined;
  return csv ? 'text/csv' : 'text/plain';
}

export const isAllowedType = (mime: string, allowed: readonly AllowedType[]): boolean =>
  allowed.some((entry) => (entry.endsWith('/*') ? mime.startsWith(entry.slice(0, -1)) : entry === mime));

/**
 * The sniffed type of an upload if the route's allow-list has it; else 415 `ERR_UNSUPPORTED_MEDIA_TYPE`. The
 * declared type (`Content-Type` of the part) is ignored: the bytes decide.
 */
export async function assertAllowedUpload(
  file: { readonly buffer: Uint8Array; readonly originalname?: string },
  allowed: readonly AllowedType[],
): Promise<string> {
  const mime = await sniffType(file.buffer, file.originalname ?? '');
  if (!mime || !isAllowedType(mime, allowed)) throw new DomainError('ERR_UNSUPPORTED_MEDIA_TYPE');
  return mime;
}
