/**
 * The public media routes of the platform's services behind the gateway's `PUBLIC_URL`: tickets' uploads (messages,
 * template headers...), campaigns' media and file lists, the connector's received media. Every key under them starts
 * with the owning company's id (`<company>/...`).
 */
export const PLATFORM_MEDIA_ROUTES = ['media/tickets', 'files/media', 'media/whatsapp'] as const;

/**
 * Whether `url` names a file the platform stores for a company other than `companyId` (one company's stored file is
 * never sent by another). Compared as the gateway would serve it: the address parsed (scheme and host case, default
 * port, dot segments), on `publicUrl`'s origin, under one of `PLATFORM_MEDIA_ROUTES`, whatever its query; the first
 * %-decoded segment after the route must be the company's id, and an undecodable one counts as another company's.
 * Any other address (an ordinary link) is not one. Nothing is fetched.
 */
export function isOtherCompanysFile(publicUrl: string, companyId: number, url: string): boolean {
  let parsed: URL;
  let base: URL;
  try {
    parsed = new URL(url);
    base = new URL(publicUrl);
  } catch {
    return false; // not an absolute address: never one of the platform's files
  }
  if (parsed.origin !== base.origin) return false;
  const prefix = base.pathname.replace(/\/+$/, '');
  const route = PLATFORM_MEDIA_ROUTES.find((candidate) => parsed.pathname.startsWith(`${prefix}/${candidate}/`));
  if (!route) return false;
  const [segment = ''] = parsed.pathname.slice(prefix.length + route.length + 2).split('/');
  try {
    return decodeURIComponent(segment) !== String(companyId);
  } catch {
    return true; // a malformed %-escape under a media route
  }
}
