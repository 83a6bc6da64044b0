import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { CompanyId } from '@cs/proto/common';
import { mapRow, type RowReader, type SqlRow, TransactionHost } from '@cs/platform/database';

export interface PromptRow {
  readonly id: number;
  readonly companyId: number;
  readonly name: string;
  readonly prompt: string;
  readonly voice: string;
  readonly voiceKeyEnc: string | null;
  readonly voiceRegion: string;
  readonly maxTokens: number;
  readonly temperature: number;
  readonly apiKeyEnc: string;
  readonly queueId: number;
  readonly maxMessages: number;
  readonly queue: { id: number; name: string; color: string } | null;
  /** The last failure answering a customer (cleared by the next success). */
  readonly lastError: { at: Date; message: string } | null;
  readonly createdAt: Date;
  readonly updatedAt: Date;
}

export interface PromptWrite {
  readonly name: string;
  readonly prompt: string;
  readonly voice: string;
  readonly voiceKeyEnc: string | null;
  readonly voiceRegion: string;
  readonly maxTokens: number;
  readonly temperature: number;
  readonly apiKeyEnc: string;
  readonly queueId: number;
  readonly maxMessages: number;
}

const SELECT = `SELECT p.*, q.name AS queue_name, q.color AS queue_color
  FROM prompts p LEFT JOIN queues q ON q.company_id = p.company_id AND q.id = p.queue_id`;

/** The `last_error`/`last_error_at` pair of a prompt or queue integration row. */
export const lastErrorOf = (r: RowReader): { at: Date; message: string } | null =>
  r.isNull('last_error_at') ? null : { at: new Date(r.isoDate('last_error_at')), message: r.string('last_error') };

export const toPromptRow = (row: SqlRow): PromptRow =>
  mapRow(row, (r) => ({
    id: r.int('id'),
    companyId: r.int('company_id'),
    name: r.string('name'),
    prompt: r.string('prompt'),
    voice: r.string('voice'),
    voiceKeyEnc: r.nullable('voice_key_enc', r.string),
    voiceRegion: r.string('voice_region'),
    maxTokens: r.int('max_tokens'),
    temperature: r.float('temperature'),
    apiKeyEnc: r.string('api_key_enc'),
    queueId: r.int('queue_id'),
    maxMessages: r.int('max_messages'),
    queue: r.isNull('queue_name')
      ? null
      : { id: r.int('queue_id'), name: r.string('queue_name'), color: r.string('queue_color') },
    lastError: lastErrorOf(r),
    createdAt: new Date(r.isoDate('created_at')),
    updatedAt: new Date(r.isoDate('updated_at')),
  }));

/** AI prompts, every query scoped by company. */
@Injectable()
export class PromptsRepository {
  constructor(private readonly transactions: TransactionHost) {}

  private get db(): EntityManager {
    return this.transactions.manager;
  }

  async find(companyId: CompanyId, id: number): Promise<PromptRow | null> {
    const [row] = await this.db.query<Array<Record<string, unknown>>>(
      `${SELECT} WHERE p.company_id = $1 AND p.id = $2`,
      [companyId, id],
    );
    return row ? toPromptRow(row) : null;
  }

  async page(
    companyId: CompanyId,
    search: string | undefined,
    limit: number,
    offset: number,
  ): Promise<{ rows: PromptRow[]; count: number }> {
    const params: unknown[] = [companyId];
    let condition = 'p.company_id = $1';
    if (search) {
      params.push(`%${search.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`)}%`);
      condition += ' AND lower(p.name) LIKE $2';
    }
    const [count] = await this.db.query<Array<{ count: number }>>(
      `SELECT count(*)::int AS count FROM prompts p WHERE ${condition}`,
      params,
    );
    const rows = await this.db.query<Array<Record<string, unknown>>>(
      `${SELECT} WHERE ${condition} ORDER BY lower(p.name), p.id LIMIT ${limit} OFFSET ${offset}`,
      params,
    );
    return { rows: rows.map(toPromptRow), count: count?.count ?? 0 };
  }

  async insert(companyId: CompanyId, input: PromptWrite): Promise<number> {
    const [row] = await this.db.query<Array<{ id: number }>>(
      `INSERT INTO prompts (company_id, name, prompt, voice, voice_key_enc, voice_region, max_tokens, temperature,
         api_key_enc, queue_id, max_messages)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) RETURNING id`,
      [
        companyId,
        input.name,
        input.prompt,
        input.voice,
        input.voiceKeyEnc,
        input.voiceRegion,
        input.maxTokens,
        input.temperature,
        input.apiKeyEnc,
        input.queueId,
        input.maxMessages,
      ],
    );
    if (!row) throw new Error('INSERT INTO prompts answered no row');
    return row.id;
  }

  async update(companyId: CompanyId, id: number, input: PromptWrite): Promise<void> {
    await this.db.query(
      `UPDATE prompts SET name = $3, prompt = $4, voice = $5, voice_key_enc = $6, voice_region = $7, max_tokens = $8,
         temperature = $9, api_key_enc = $10, queue_id = $11, max_messages = $12, updated_at = now()
        WHERE company_id = $1 AND id = $2`,
      [
        companyId,
        id,
        input.name,
        input.prompt,
        input.voice,
        input.voiceKeyEnc,
        input.voiceRegion,
        input.maxTokens,
        input.temperature,
        input.apiKeyEnc,
        input.queueId,
        input.maxMessages,
      ],
    );
  }

  /** Deletes the prompt; the tickets it was answering lose it. */
  async delete(companyId: CompanyId, id: number): Promise<void> {
    await this.db.query('UPDATE tickets SET prompt_id = NULL WHERE company_id = $1 AND prompt_id = $2', [
      companyId,
      id,
    ]);
    await this.db.query('DELETE FROM prompts WHERE company_id = $1 AND id = $2', [companyId, id]);
  }

  /** Records the prompt's last failure (`message`: short, without secrets). */
  async recordFailure(companyId: CompanyId, id: number, message: string): Promise<void> {
    await this.db.query('UPDATE prompts SET last_error = $3, last_error_at = now() WHERE company_id = $1 AND id = $2', [
      companyId,
      id,
      message,
    ]);
  }

  /** Clears the prompt's last failure after a successful answer. */
  async clearFailure(companyId: CompanyId, id: number): Promise<void> {
    await this.db.query(
      `UPDATE prompts SET last_error = NULL, last_error_at = NULL
        WHERE company_id = $1 AND id = $2 AND last_error_at IS NOT NULL`,
      [companyId, id],
    );
  }

  async queueExists(companyId: CompanyId, queueId: number): Promise<boolean> {
    const rows = await this.db.query<unknown[]>('SELECT 1 FROM queues WHERE company_id = $1 AND id = $2', [
      companyId,
      queueId,
    ]);
    return rows.length > 0;
  }
}
