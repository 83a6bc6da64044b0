import { open } from 'node:fs/promises';
import type { Response } from 'express';
import { sniffType } from './sniff.js';

/** Types a browser may show inline: they cannot run script in our origin. */
const INLINE = /^(image\/(png|jpeg|gif|webp|bmp|avif)|audio\/[\w.+-]+|video\/[\w.+-]+|application\/pdf)$/;

/** The CSP of every user file: nothing loads, nothing runs, and the document is sandboxed (no origin). */
export const USER_FILE_CSP =
  "default-src 'none'; img-src 'self' data:; media-src 'self'; style-src 'unsafe-inline'; sandbox";

/** A sniffed PDF shown inline: nothing else loads, no framing by other sites; no `sandbox` (see below). */
export const USER_PDF_CSP = "default-src 'none'; object-src 'self'; frame-ancestors 'self'";

/** The sniffed type of a stored file (the first 8 KiB), `application/octet-stream` when nothing safe is found. */
export async function sniffStoredFile(path: string, fileName = path): Promise<string> {
  const handle = await open(path, 'r');
  try {
    const buffer = Buffer.alloc(8_192);
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
    return (await sniffType(buffer.subarray(0, bytesRead), fileName)) ?? 'application/octet-stream';
  } finally {
    await handle.close();
  }
}

/**
 * Headers for serving a user's file: `Content-Type` is the sniffed type (never the stored name's extension),
 * `Content-Disposition: attachment` unless the sniffed type is an image, audio, video or PDF, `nosniff`, and a
 * sandboxing CSP, so an uploaded `.html`/`.svg`/`.xhtml` never runs in the app's origin.
 */
export function safeFileHeaders(mime: string, fileName: string): Record<string, string> {
  const inline = INLINE.test(mime);
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return {
    'Content-Type':
      inline || mime.startsWith('text/')
        ? mime.startsWith('text/')
          ? `${mime}; charset=utf-8`
          : mime
        : 'application/octet-stream',
    'Content-Disposition': `${inline ? 'inline' : 'attachment'}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`,
    'X-Content-Type-Options': 'nosniff',
    // Chromium's PDF viewer does not open sandboxed documents; a sniffed PDF never runs page script anyway
    'Content-Security-Policy': mime === 'application/pdf' ? USER_PDF_CSP : USER_FILE_CSP,
    'Cross-Origin-Resource-Policy': 'same-site',
  };
}

/** Sets `safeFileHeaders` for a stored file on a response (before `sendFile`/`pipe`). */
export async function applySafeFileHeaders(response: Response, path: string, fileName: string): Promise<void> {
  const mime = await sniffStoredFile(path, fileName);
  for (const [name, value] of Object.entries(safeFileHeaders(mime, fileName))) response.setHeader(name, value);
}
