import { MEDIA_ROUTE } from '../media/media.storage.js';

/** The connector's stored media (`/media/whatsapp/<key>`): it deletes those files itself. */
const CONNECTOR_MEDIA = '/media/whatsapp/';

/**
 * Messages' media URLs by who stores the file: the connector's (deleted by it, on the event that lists them) and
 * tickets' own (as paths under its media folder). Any other URL (a link the message only carried) stores nothing.
 */
export function storedMedia(urls: ReadonlyArray<string | null>): { connector: string[]; own: string[] } {
  const connector: string[] = [];
  const own: string[] = [];
  const marker = `/${MEDIA_ROUTE}/`;
  for (const url of urls) {
    if (!url) continue;
    if (url.includes(CONNECTOR_MEDIA)) connector.push(url);
    const at = url.indexOf(marker);
    if (at !== -1) own.push(decodeURIComponent(url.slice(at + marker.length)));
  }
  return { connector, own };
}
