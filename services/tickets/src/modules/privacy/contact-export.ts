import { Readable } from 'node:stream';
import { Inject, Injectable } from '@nestjs/common';
import type { Archiver } from 'archiver';
import type { EntityManager } from 'typeorm';
import { APP_CONFIG } from '@cs/platform/config';
import { TransactionHost } from '@cs/platform/database';
import type { TicketsConfig } from '../../config/env.js';
import { MediaStorage } from '../media/media.storage.js';

/** Rows read per query while an export streams (keyset pages: the export never holds a whole table). */
export const EXPORT_BATCH = 500;

/** What the archive says about itself (Portuguese: the person receives it). */
export const EXPORT_README = [
  'Dados pessoais mantidos sobre este contato (LGPD, art. 18).',
  '',
  'contato.json        o contato e suas informações adicionais',
  'tickets.ndjson      os atendimentos (um por linha)',
  'mensagens.ndjson    as mensagens trocadas, inclusive as de campanhas entregues ao histórico',
  'notas.ndjson        as notas internas sobre o contato',
  'agendamentos.ndjson as mensagens agendadas para o contato',
  'avaliacoes.ndjson   as avaliações dadas nos atendimentos',
  'campanhas.ndjson    os envios de campanhas ao contato',
  'midia/              os arquivos das mensagens e dos agendamentos',
  '',
].join('\r\n');

interface Table {
  readonly name: string;
  /** Selects the rows after the keyset position `$3` (`seq`/`id`), `$1` company, `$2` contact, `$4` limit. */
  readonly sql: string;
}

const TICKETS_OF = 'SELECT id FROM tickets WHERE company_id = $1 AND contact_id = $2';

const TABLES: readonly Table[] = [
  {
    name: 'tickets.ndjson',
    sql: `SELECT id AS key, id, uuid, status, queue_id AS "queueId", user_id AS "userId", whatsapp_id AS "whatsappId",
                 last_message AS "lastMessage", created_at AS "createdAt", updated_at AS "updatedAt"
            FROM tickets WHERE company_id = $1 AND contact_id = $2 AND id > $3 ORDER BY id LIMIT $4`,
  },
  {
    name: 'mensagens.ndjson',
    sql: `SELECT seq AS key, id, ticket_id AS "ticketId", from_me AS "fromMe", body, media_type AS "mediaType",
                 media_url AS "mediaUrl", is_deleted AS "isDeleted", is_edited AS "isEdited", created_at AS "createdAt"
            FROM messages WHERE company_id = $1 AND ticket_id IN (${TICKETS_OF}) AND seq > $3 ORDER BY seq LIMIT $4`,
  },
  {
    name: 'notas.ndjson',
    sql: `SELECT id AS key, id, ticket_id AS "ticketId", user_id AS "userId", note, created_at AS "createdAt"
            FROM ticket_notes WHERE company_id = $1 AND contact_id = $2 AND id > $3 ORDER BY id LIMIT $4`,
  },
  {
    name: 'agendamentos.ndjson',
    sql: `SELECT id AS key, id, body, send_at AS "sendAt", sent_at AS "sentAt", status, media_name AS "mediaName",
                 created_at AS "createdAt"
            FROM schedules WHERE company_id = $1 AND contact_id = $2 AND id > $3 ORDER BY id LIMIT $4`,
  },
  {
    name: 'avaliacoes.ndjson',
    sql: `SELECT id AS key, id, ticket_id AS "ticketId", user_id AS "userId", rate, created_at AS "createdAt"
            FROM user_ratings WHERE company_id = $1 AND ticket_id IN (${TICKETS_OF}) AND id > $3 ORDER BY id LIMIT $4`,
  },
];

/** Parts of another service's answer read per query (each holds at most `EXPORT_PART_ROWS` rows). */
const PARTS_PER_PAGE = 10;

/** A media file of the archive: where its bytes are and the name it gets. */
interface MediaFile {
  /** The entry's name in the archive. */
  readonly entry: string;
  readonly url: string;
}

/**
 * Writes the zip archive of everything held about a contact (`GET /privacy/contact-exports/{id}`) to a stream,
 * entry after entry: every table is read in keyset pages of `EXPORT_BATCH` rows as JSON lines, the campaign
 * shippings campaigns sent for the request (`privacy.export.part`) as JSON lines in part order, each media
 * file is streamed from where it is stored (tickets' own folder, or the connector's media URL under our
 * `PUBLIC_URL`), and the next entry starts only when the previous one is written, so memory stays flat whatever the
 * history's size. A file that cannot be read is named in `midia/indisponiveis.txt` instead.
 */
@Injectable()
export class ContactExport {
  constructor(
    private readonly transactions: TransactionHost,
    private readonly media: MediaStorage,
    @Inject(APP_CONFIG) private readonly config: TicketsConfig,
  ) {}

  /** The contact as tickets knows it, or null when the company has none with that id. */
  async contactOf(companyId: number, contactId: number): Promise<Record<string, unknown> | null> {
    const [contact] = await this.transactions.manager.query<Array<Record<string, unknown>>>(
      `SELECT id, name, number, email, profile_pic_url AS "profilePicUrl", is_group AS "isGroup", lid,
              extra_info AS "extraInfo"
         FROM contacts WHERE company_id = $1 AND id = $2`,
      [companyId, contactId],
    );
    return contact ?? null;
  }

  async write(
    companyId: number,
    contact: Record<string, unknown>,
    requestId: string,
    output: NodeJS.WritableStream,
  ): Promise<void> {
    // loaded by the first export, not at start-up: archiver and its dependencies (lodash, readable-stream, zip
    // streams) are about 200 CommonJS modules, which every start of the service would otherwise compile
    const { default: archiver } = await import('archiver');
    const archive = archiver('zip', { zlib: { level: 6 } });
    const failed = new Promise<never>((_, reject) => archive.on('error', reject));
    failed.catch(() => undefined);
    archive.pipe(output);
    const contactId = Number(contact['id']);
    const manager = this.transactions.manager;
    const step = (source: Readable | string, name: string): Promise<void> =>
      Promise.race([appended(archive, source, name), failed]);

    await step(EXPORT_README, 'LEIA-ME.txt');
    await step(`${JSON.stringify(contact, null, 2)}\n`, 'contato.json');
    for (const table of TABLES) {
      await step(Readable.from(jsonLines(manager, table.sql, [companyId, contactId])), table.name);
    }
    await step(Readable.from(partLines(manager, companyId, requestId, 'campaigns')), 'campanhas.ndjson');
    const unavailable: string[] = [];
    for await (const file of mediaFiles(manager, companyId, contactId, (path) => this.media.urlOf(path))) {
      const source = await this.open(file.url);
      if (source) await step(source, file.entry);
      else unavailable.push(file.url);
    }
    if (unavailable.length > 0) await step(`${unavailable.join('\r\n')}\r\n`, 'midia/indisponiveis.txt');
    await Promise.race([archive.finalize(), failed]);
  }

  /** A stored file's bytes: tickets' own from the media store, the connector's through its media route; else null. */
  private async open(url: string): Promise<Readable | null> {
    const base = this.config.PUBLIC_URL.replace(/\/$/, '');
    if (this.media.files.ownsUrl(url)) {
      const key = this.media.files.keyOf(url);
      const object = key ? await this.media.files.store.open(key).catch(() => null) : null;
      return object?.body ?? null;
    }
    if (!url.startsWith(`${base}/media/whatsapp/`)) return null;
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(30_000) });
      if (!response.ok || !response.body) return null;
      return Readable.fromWeb(response.body as import('node:stream/web').ReadableStream<Uint8Array>);
    } catch {
      return null;
    }
  }
}

/** Appends one entry and resolves once the archive has written it (archiver emits `entry` per finished entry). */
function appended(archive: Archiver, source: Readable | string, name: string): Promise<void> {
  return new Promise((resolve) => {
    const done = (entry: { name: string }): void => {
      if (entry.name !== name) return;
      archive.off('entry', done);
      resolve();
    };
    archive.on('entry', done);
    archive.append(source, { name });
  });
}

/** The rows of a keyset-paged query as JSON lines (the `key` column pages and is left out). */
async function* jsonLines(manager: EntityManager, sql: string, parameters: readonly unknown[]): AsyncGenerator<string> {
  let after: number | string = 0;
  for (;;) {
    type Row = Record<string, unknown> & { key: number | string };
    const rows: Row[] = await manager.query<Row[]>(sql, [...parameters, after, EXPORT_BATCH]);
    if (rows.length > 0) {
      yield rows.map(({ key: _key, ...row }: Row) => JSON.stringify(row)).join('\n') + '\n';
      after = rows[rows.length - 1]!.key;
    }
    if (rows.length < EXPORT_BATCH) return;
  }
}

/** The rows a service sent for an export request, as JSON lines in part order. */
async function* partLines(
  manager: EntityManager,
  companyId: number,
  requestId: string,
  service: string,
): AsyncGenerator<string> {
  let after = -1;
  for (;;) {
    const parts = await manager.query<Array<{ part: number; rows: unknown[] }>>(
      `SELECT part, rows FROM contact_export_parts
        WHERE company_id = $1 AND request_id = $2 AND service = $3 AND part > $4 ORDER BY part LIMIT $5`,
      [companyId, requestId, service, after, PARTS_PER_PAGE],
    );
    for (const { rows } of parts) {
      if (rows.length > 0) yield rows.map((row) => JSON.stringify(row)).join('\n') + '\n';
    }
    if (parts.length < PARTS_PER_PAGE) return;
    after = parts[parts.length - 1]!.part;
  }
}

/** The contact's stored media: their messages' files, then their schedules' pictures. */
async function* mediaFiles(
  manager: EntityManager,
  companyId: number,
  contactId: number,
  urlOf: (path: string) => string,
): AsyncGenerator<MediaFile> {
  const sources = [
    {
      prefix: 'mensagem',
      sql: `SELECT seq AS key, media_url AS url FROM messages
             WHERE company_id = $1 AND ticket_id IN (${TICKETS_OF}) AND media_url IS NOT NULL AND seq > $3
             ORDER BY seq LIMIT $4`,
      url: (value: string) => value,
    },
    {
      prefix: 'agendamento',
      sql: `SELECT id AS key, media_path AS url FROM schedules
             WHERE company_id = $1 AND contact_id = $2 AND media_path IS NOT NULL AND id > $3 ORDER BY id LIMIT $4`,
      url: urlOf,
    },
  ];
  for (const source of sources) {
    let after: number | string = 0;
    for (;;) {
      const rows: Array<{ key: string; url: string }> = await manager.query(source.sql, [
        companyId,
        contactId,
        after,
        EXPORT_BATCH,
      ]);
      for (const row of rows) {
        const url = source.url(row.url);
        yield { entry: `midia/${source.prefix}-${row.key}-${fileNameOf(url)}`, url };
      }
      if (rows.length < EXPORT_BATCH) break;
      after = rows[rows.length - 1]!.key;
    }
  }
}

/** The readable name of a stored file (`<uuid>-<name>` → `<name>`), safe as a zip entry name. */
export function fileNameOf(url: string): string {
  const last = decodeURIComponent(url.split('?')[0]!.split('/').pop() ?? '');
  const name = last.replace(/^[0-9a-f-]{36}-/, '').replace(/[^\w.\-À-ÿ]/g, '_');
  return name === '' || name.startsWith('.') ? `arquivo${name}` : name.slice(-120);
}
