import { createHash } from 'node:crypto';

/** The `clientMessageId` of a campaign send: `campaign:<shippingId>:<part>` (`confirm`, `main`, `file-<optionId>`). */
export const campaignMessageId = (shippingId: string | number, part: string): string =>
  `campaign:${shippingId}:${part}`;

export const parseCampaignMessageId = (value: string): { shippingId: string; part: string } | null => {
  const match = /^campaign:(\d+):([\w-]+)$/.exec(value);
  return match ? { shippingId: match[1]!, part: match[2]! } : null;
};

/** A UUID derived from the message id: a command re-published after a crash keeps its id (the connector dedupes). */
export function commandIdOf(clientMessageId: string): string {
  const hex = createHash('sha1').update(`cs-campaigns:${clientMessageId}`).digest('hex');
  const variant = ((parseInt(hex.slice(16, 18), 16) & 0x3f) | 0x80).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(18, 20)}-${hex.slice(20, 32)}`;
}

/** The WhatsApp media kind of a stored file's MIME type. */
export function mediaKindOf(mimeType: string): 'image' | 'video' | 'audio' | 'document' {
  if (mimeType.startsWith('image/')) return 'image';
  if (mimeType.startsWith('video/')) return 'video';
  if (mimeType.startsWith('audio/')) return 'audio';
  return 'document';
}
