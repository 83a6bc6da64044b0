import { Injectable } from '@nestjs/common';
import type { CompanyId } from '@cs/proto/common';
import { hasMorePages } from '@cs/proto/common';
import { FileListCreated, FileListDeleted, type FileListSnapshot, FileListUpdated } from '@cs/proto/events';
import type {
  FileListBody,
  FileListPage,
  FileListResponse,
  FileListUpdate,
  ListFilesQuery,
  UploadListFields,
} from '@cs/proto/http';
import { mapRow, mapRows, type RowReader, type SqlRow, TransactionHost } from '@cs/platform/database';
import { DomainError } from '@cs/platform/errors';
import { EventPublisher } from '@cs/platform/events';
import { MediaStorage, type UploadedFile } from '../media/media.storage.js';

const PAGE = 20;

interface FileListRow {
  id: number;
  company_id: number;
  user_id: number | null;
  name: string;
  message: string;
  created_at: Date;
  updated_at: Date;
}

const readFileListRow = (r: RowReader): FileListRow => ({
  id: r.int('id'),
  company_id: r.int('company_id'),
  user_id: r.nullable('user_id', r.int),
  name: r.string('name'),
  message: r.string('message'),
  created_at: r.date('created_at'),
  updated_at: r.date('updated_at'),
});

const readOption = (r: RowReader) => ({
  id: r.int('id'),
  file_list_id: r.int('file_list_id'),
  name: r.string('name'),
  path: r.nullable('path', r.string),
  media_type: r.nullable('media_type', r.string),
});

/** File lists and their options (each option with one uploaded file), with their `campaigns.file-list.v1` events. */
@Injectable()
export class FilesRepository {
  constructor(
    private readonly transactions: TransactionHost,
    private readonly events: EventPublisher,
    private readonly media: MediaStorage,
  ) {}

  private get db() {
    return this.transactions.manager;
  }

  async list(companyId: CompanyId, query: ListFilesQuery): Promise<FileListPage> {
    const offset = (query.pageNumber - 1) * PAGE;
    const search = `%${query.searchParam}%`;
    const [total] = await this.db.query<SqlRow[]>(
      'SELECT count(*)::int AS count FROM file_lists WHERE company_id = $1 AND lower(name) LIKE $2',
      [companyId, search],
    );
    const rows = mapRows(
      await this.db.query<SqlRow[]>(
        `SELECT * FROM file_lists WHERE company_id = $1 AND lower(name) LIKE $2 ORDER BY name, id LIMIT $3 OFFSET $4`,
        [companyId, search, PAGE, offset],
      ),
      readFileListRow,
    );
    const count = total ? mapRow(total, (r) => r.int('count')) : 0;
    return { files: await this.withOptions(rows), count, hasMore: hasMorePages(count, offset, rows.length) };
  }

  async all(companyId: CompanyId): Promise<FileListResponse[]> {
    const rows = mapRows(
      await this.db.query<SqlRow[]>('SELECT * FROM file_lists WHERE company_id = $1 ORDER BY name', [companyId]),
      readFileListRow,
    );
    return this.withOptions(rows);
  }

  async find(companyId: CompanyId, id: number): Promise<FileListResponse> {
    const rows = mapRows(
      await this.db.query<SqlRow[]>('SELECT * FROM file_lists WHERE company_id = $1 AND id = $2', [companyId, id]),
      readFileListRow,
    );
    const [list] = await this.withOptions(rows);
    if (!list) throw new DomainError('ERR_NO_FILE_LIST_FOUND');
    return list;
  }

  async create(companyId: CompanyId, userId: number, body: FileListBody): Promise<FileListResponse> {
    return this.transactions.run(async (manager) => {
      const [row] = await manager.query<SqlRow[]>(
        'INSERT INTO file_lists (company_id, user_id, name, message) VALUES ($1, $2, $3, $4) RETURNING id',
        [companyId, userId, body.name, body.message],
      );
      const id = mapRow(row!, (r) => r.int('id'));
      for (const [position, option] of body.options.entries()) {
        await manager.query(
          'INSERT INTO file_list_options (company_id, file_list_id, name, position) VALUES ($1, $2, $3, $4)',
          [companyId, id, option.name, position],
        );
      }
      return this.announce(companyId, id, 'created');
    });
  }

  /** A partial update: an absent `name` or `message` keeps its value, absent `options` keep every option. */
  async update(companyId: CompanyId, id: number, body: FileListUpdate): Promise<FileListResponse> {
    const removed: Array<string | null> = [];
    const saved = await this.transactions.run(async (manager) => {
      const current = await this.find(companyId, id);
      await manager.query(
        `UPDATE file_lists SET name = COALESCE($3, name), message = COALESCE($4, message), updated_at = now()
          WHERE company_id = $1 AND id = $2`,
        [companyId, id, body.name ?? null, body.message ?? null],
      );
      if (body.options) await this.replaceOptions(manager, companyId, id, current, body.options, removed);
      return this.announce(companyId, id, 'updated');
    });
    for (const path of removed) await this.media.remove(path);
    return saved;
  }

  /** The list's options become `options`: those with a kept id are renamed, the rest removed (their files too). */
  private async replaceOptions(
    manager: TransactionHost['manager'],
    companyId: CompanyId,
    id: number,
    current: FileListResponse,
    options: FileListBody['options'],
    removed: Array<string | null>,
  ): Promise<void> {
    const kept = new Set(options.flatMap((option) => (option.id ? [option.id] : [])));
    for (const option of current.options) {
      if (kept.has(option.id)) continue;
      removed.push(option.path);
      await manager.query('DELETE FROM file_list_options WHERE company_id = $1 AND id = $2', [companyId, option.id]);
    }
    for (const [position, option] of options.entries()) {
      if (option.id && current.options.some((existing) => existing.id === option.id)) {
        await manager.query('UPDATE file_list_options SET name = $3, position = $4 WHERE company_id = $1 AND id = $2', [
          companyId,
          option.id,
          option.name,
          position,
        ]);
      } else {
        await manager.query(
          'INSERT INTO file_list_options (company_id, file_list_id, name, position) VALUES ($1, $2, $3, $4)',
          [companyId, id, option.name, position],
        );
      }
    }
  }

  async remove(companyId: CompanyId, id: number): Promise<void> {
    const list = await this.find(companyId, id);
    await this.transactions.run(async (manager) => {
      await manager.query('DELETE FROM file_lists WHERE company_id = $1 AND id = $2', [companyId, id]);
      await this.events.emit(FileListDeleted, { companyId, key: id, data: { id } });
    });
    for (const option of list.options) await this.media.remove(option.path);
  }

  /**
   * Stores the uploaded files of a list's options: the i-th file goes to the option with the i-th `id` (or,
   * without ids, the option with the i-th `name`; else the i-th option).
   */
  async upload(
    companyId: CompanyId,
    id: number,
    files: readonly UploadedFile[],
    fields: UploadListFields,
  ): Promise<FileListResponse> {
    const list = await this.find(companyId, id);
    if (files.length === 0) throw new DomainError('ERR_VALIDATION', { message: 'Nenhum arquivo enviado.' });
    const targets = files.map((_file, index) => {
      const byId = fields.id[index] ? list.options.find((option) => option.id === Number(fields.id[index])) : undefined;
      const byName = fields.name[index] ? list.options.find((option) => option.name === fields.name[index]) : undefined;
      const option = byId ?? byName ?? list.options[index];
      if (!option) throw new DomainError('ERR_VALIDATION', { message: 'Opção da lista de arquivos não encontrada.' });
      return option;
    });
    // the files are in the store already; a refused one fails the request and the route removes them all
    const stored = files.map((file) => this.media.save(companyId, `fileList/${id}`, file));
    const replaced: Array<string | null> = [];
    const saved = await this.transactions.run(async (manager) => {
      for (const [index, option] of targets.entries()) {
        const file = stored[index]!;
        replaced.push(option.path);
        await manager.query(
          'UPDATE file_list_options SET path = $3, media_type = $4 WHERE company_id = $1 AND id = $2',
          [companyId, option.id, file.path, file.mimeType],
        );
      }
      return this.announce(companyId, id, 'updated');
    });
    for (const path of replaced) await this.media.remove(path);
    return saved;
  }

  private async announce(companyId: CompanyId, id: number, kind: 'created' | 'updated'): Promise<FileListResponse> {
    const list = await this.find(companyId, id);
    const snapshot: FileListSnapshot = {
      id: list.id,
      companyId: list.companyId,
      name: list.name,
      message: list.message,
      options: list.options.map((option) => ({
        id: option.id,
        name: option.name,
        path: option.path,
        mediaType: option.mediaType,
      })),
    };
    await this.events.emit(kind === 'created' ? FileListCreated : FileListUpdated, {
      companyId,
      key: id,
      data: snapshot,
    });
    return list;
  }

  private async withOptions(rows: FileListRow[]): Promise<FileListResponse[]> {
    if (rows.length === 0) return [];
    const options = mapRows(
      await this.db.query<SqlRow[]>(
        'SELECT * FROM file_list_options WHERE file_list_id = ANY($1) ORDER BY position, id',
        [rows.map((row) => row.id)],
      ),
      readOption,
    );
    return rows.map((row) => ({
      id: row.id,
      companyId: row.company_id,
      userId: row.user_id,
      name: row.name,
      message: row.message,
      options: options
        .filter((option) => option.file_list_id === row.id)
        .map((option) => ({
          id: option.id,
          name: option.name,
          path: option.path,
          mediaType: option.media_type,
          url: option.path ? this.media.urlOf(option.path) : null,
        })),
      createdAt: row.created_at.toISOString(),
      updatedAt: row.updated_at.toISOString(),
    }));
  }
}
