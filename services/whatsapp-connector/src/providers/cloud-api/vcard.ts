import type { CloudContactCard } from '@cs/proto/http';

/**
 * Cloud API contact cards are structured objects (`contacts[]` with `name`, `phones`, `emails`, `org`, `urls`);
 * our events carry vCard text, as WhatsApp Web does. These two functions translate between them.
 */

export type { CloudContactCard };

const escape = (value: string): string =>
  value.replace(/\\/g, '\\\\').replace(/\n/g, '\\n').replace(/;/g, '\\;').replace(/,/g, '\\,');
const unescape = (value: string): string =>
  value.replace(/\\([\\;,nN])/g, (_m, c: string) => (c === 'n' || c === 'N' ? '\n' : c));

/** A received Cloud API contact card as vCard 3.0 text (phones keep their `waid`, as WhatsApp's own cards do). */
export function cardToVcard(card: CloudContactCard): { displayName: string; vcard: string } {
  const name = card.name;
  const displayName =
    name.formatted_name ||
    [name.first_name, name.last_name].filter(Boolean).join(' ') ||
    (card.phones?.[0]?.phone ?? '');
  const lines = ['BEGIN:VCARD', 'VERSION:3.0'];
  lines.push(
    `N:${[name.last_name, name.first_name, name.middle_name, name.prefix, name.suffix].map((part) => escape(part ?? '')).join(';')}`,
  );
  lines.push(`FN:${escape(displayName)}`);
  if (card.org?.company || card.org?.department) {
    lines.push(`ORG:${escape(card.org.company ?? '')}${card.org.department ? `;${escape(card.org.department)}` : ''}`);
  }
  if (card.org?.title) lines.push(`TITLE:${escape(card.org.title)}`);
  for (const phone of card.phones ?? []) {
    const value = phone.phone ?? (phone.wa_id ? `+${phone.wa_id}` : '');
    if (!value) continue;
    const params = [phone.type ? `type=${phone.type}` : null, phone.wa_id ? `waid=${phone.wa_id}` : null].filter(
      Boolean,
    );
    lines.push(`TEL${params.length ? `;${params.join(';')}` : ''}:${value}`);
  }
  for (const email of card.emails ?? []) {
    if (email.email) lines.push(`EMAIL${email.type ? `;type=${email.type}` : ''}:${email.email}`);
  }
  for (const url of card.urls ?? []) {
    if (url.url) lines.push(`URL${url.type ? `;type=${url.type}` : ''}:${url.url}`);
  }
  if (card.birthday) lines.push(`BDAY:${card.birthday}`);
  lines.push('END:VCARD');
  return { displayName, vcard: lines.join('\n') };
}

interface Property {
  readonly name: string;
  readonly params: Record<string, string>;
  readonly value: string;
}

function properties(vcard: string): Property[] {
  // unfold continuation lines (RFC 6350 §3.2), then split `group.NAME;param=x:value`
  const unfolded = vcard.replace(/\r\n/g, '\n').replace(/\n[ \t]/g, '');
  const result: Property[] = [];
  for (const line of unfolded.split('\n')) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    const [rawName = '', ...rawParams] = line.slice(0, colon).split(';');
    const name = rawName.replace(/^[^.]*\./, '').toUpperCase();
    const params: Record<string, string> = {};
    for (const param of rawParams) {
      const [key = '', value = ''] = param.split('=');
      params[key.toLowerCase()] = value;
    }
    result.push({ name, params, value: line.slice(colon + 1) });
  }
  return result;
}

/** A vCard we are asked to send, as the Cloud API's structured contact (it has no raw-vCard message). */
export function vcardToCard(displayName: string, vcard: string): CloudContactCard {
  const props = properties(vcard);
  const first = (name: string): Property | undefined => props.find((prop) => prop.name === name);
  const formatted = first('FN') ? unescape(first('FN')?.value ?? '') : '';
  const [last = '', given = '', middle = '', prefix = '', suffix = ''] = (first('N')?.value ?? '')
    .split(/(?<!\\);/)
    .map(unescape);
  const formattedName = formatted || displayName || [given, last].filter(Boolean).join(' ');
  const name: Record<string, string> = { formatted_name: formattedName };
  if (given) name['first_name'] = given;
  if (last) name['last_name'] = last;
  if (middle) name['middle_name'] = middle;
  if (prefix) name['prefix'] = prefix;
  if (suffix) name['suffix'] = suffix;
  // Meta asks for at least one name part besides the formatted name
  if (!given && !last) name['first_name'] = formattedName;

  const phones = props
    .filter((prop) => prop.name === 'TEL')
    .map((prop) => {
      const phone: Record<string, string> = { phone: prop.value };
      const waid = prop.params['waid'];
      if (waid) phone['wa_id'] = waid;
      const type = prop.params['type'];
      if (type) phone['type'] = type;
      return phone;
    });
  const emails = props.filter((prop) => prop.name === 'EMAIL').map((prop) => ({ email: prop.value }));
  const urls = props.filter((prop) => prop.name === 'URL').map((prop) => ({ url: prop.value }));
  const [company = '', department = ''] = (first('ORG')?.value ?? '').split(/(?<!\\);/).map(unescape);
  const title = first('TITLE') ? unescape(first('TITLE')?.value ?? '') : '';
  const org: Record<string, string> = {};
  if (company) org['company'] = company;
  if (department) org['department'] = department;
  if (title) org['title'] = title;
  const birthday = first('BDAY')?.value;

  return {
    name: name as unknown as CloudContactCard['name'],
    ...(phones.length ? { phones } : {}),
    ...(emails.length ? { emails } : {}),
    ...(Object.keys(org).length ? { org } : {}),
    ...(urls.length ? { urls } : {}),
    ...(birthday && /^\d{4}-\d{2}-\d{2}$/.test(birthday) ? { birthday } : {}),
  };
}
