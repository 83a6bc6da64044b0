import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { CompanyId } from '@cs/proto/common';
import { CampaignDeleted } from '@cs/proto/events';
import { CAMPAIGN_MESSAGES, type CampaignBody, type CampaignResponse } from '@cs/proto/http';
import { mapRow, type SqlRow, TransactionHost } from '@cs/platform/database';
import { DomainError, validationError } from '@cs/platform/errors';
import { EventPublisher } from '@cs/platform/events';
import { DispatchEngine } from '../dispatch/dispatch-engine.js';
import { MediaStorage, type UploadedFile } from '../media/media.storage.js';
import { ProjectionsRepository } from '../projections/projections.repository.js';
import { type CampaignRow, CampaignsRepository } from './campaigns.repository.js';
import { zonedToUtc } from './zoned-time.js';

const ONE_HOUR_MS = 3_600_000;

/**
 * Editable only when inactive, or scheduled more than one hour ahead; a cancelled one can still be saved (and
 * restarted). Running and finished campaigns are read-only.
 */
export function isEditable(row: Pick<CampaignRow, 'status' | 'scheduled_at'>, now = Date.now()): boolean {
  if (row.status === 'INATIVA' || row.status === 'CANCELADA') return true;
  return row.status === 'PROGRAMADA' && row.scheduled_at !== null && row.scheduled_at.getTime() - now > ONE_HOUR_MS;
}

/** Campaign use-cases: save (create/update), delete, cancel, restart, media attach/remove. */
@Injectable()
export class CampaignsService {
  constructor(
    private readonly transactions: TransactionHost,
    private readonly events: EventPublisher,
    private readonly campaigns: CampaignsRepository,
    private readonly projections: ProjectionsRepository,
    private readonly engine: DispatchEngine,
    private readonly media: MediaStorage,
  ) {}

  async create(companyId: CompanyId, body: CampaignBody): Promise<CampaignResponse> {
    this.assertOwnHeaderMedia(companyId, body);
    await this.awaitReferences(body);
    return this.transactions.run(async (manager) => {
      const fields = await this.fields(manager, companyId, body);
      const [row] = await manager.query<SqlRow[]>(
        `INSERT INTO campaigns (company_id, name, message1, message2, message3, message4, message5,
           confirmation_message1, confirmation_message2, confirmation_message3, confirmation_message4,
           confirmation_message5, confirmation, contact_list_id, tag_list_id, whatsapp_id, file_list_id,
           scheduled_at, status)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19) RETURNING id`,
        [companyId, ...fields.values, fields.scheduledAt ? 'PROGRAMADA' : 'INATIVA'],
      );
      const id = mapRow(row!, (r) => r.int('id'));
      await this.saveTemplate(manager, companyId, id, body);
      if (fields.scheduledAt) await this.engine.scheduleStart(companyId, id, fields.scheduledAt);
      return this.campaigns.announce(companyId, id, 'created');
    });
  }

  async update(companyId: CompanyId, id: number, body: CampaignBody): Promise<CampaignResponse> {
    this.assertOwnHeaderMedia(companyId, body);
    await this.awaitReferences(body);
    return this.transactions.run(async (manager) => {
      const current = await this.campaigns.row(companyId, id, true);
      if (!isEditable(current)) throw new DomainError('ERR_CAMPAIGN_NOT_EDITABLE');
      const fields = await this.fields(manager, companyId, body);
      const status = current.status === 'CANCELADA' ? 'CANCELADA' : fields.scheduledAt ? 'PROGRAMADA' : 'INATIVA';
      await manager.query(
        `UPDATE campaigns SET name = $3, message1 = $4, message2 = $5, message3 = $6, message4 = $7, message5 = $8,
           confirmation_message1 = $9, confirmation_message2 = $10, confirmation_message3 = $11,
           confirmation_message4 = $12, confirmation_message5 = $13, confirmation = $14, contact_list_id = $15,
           tag_list_id = $16, whatsapp_id = $17, file_list_id = $18, scheduled_at = $19, status = $20,
           updated_at = now()
         WHERE company_id = $1 AND id = $2`,
        [companyId, id, ...fields.values, status],
      );
      await this.saveTemplate(manager, companyId, id, body);
      if (status === 'PROGRAMADA' && fields.scheduledAt)
        await this.engine.scheduleStart(companyId, id, fields.scheduledAt);
      return this.campaigns.announce(companyId, id);
    });
  }

  /**
   * A template's media header may be a link or a file the platform stores for this company; another company's
   * stored file is refused like a wrong value (`ERR_VALIDATION`). Decided from the address alone: nothing is fetched.
   */
  private assertOwnHeaderMedia(companyId: CompanyId, body: CampaignBody): void {
    const url = body.template?.values.headerMedia;
    if (!url || !this.media.files.isOtherCompanys(companyId, url)) return;
    throw validationError([{ path: 'template.values.headerMedia', message: 'Arquivo não encontrado.' }]);
  }

  /** The campaign's Cloud API template (null: it sends its messages). */
  private async saveTemplate(
    manager: EntityManager,
    companyId: CompanyId,
    id: number,
    body: CampaignBody,
  ): Promise<void> {
    await manager.query('UPDATE campaigns SET template = $3::jsonb WHERE company_id = $1 AND id = $2', [
      companyId,
      id,
      body.template ? JSON.stringify(body.template) : null,
    ]);
  }

  async remove(companyId: CompanyId, id: number): Promise<void> {
    let mediaPath: string | null = null;
    await this.transactions.run(async (manager) => {
      const current = await this.campaigns.row(companyId, id, true);
      if (current.status === 'EM_ANDAMENTO') throw new DomainError('ERR_CAMPAIGN_RUNNING');
      mediaPath = current.media_path;
      await manager.query('DELETE FROM campaigns WHERE company_id = $1 AND id = $2', [companyId, id]);
      await this.events.emit(CampaignDeleted, { companyId, key: id, data: { id } });
    });
    await this.media.remove(mediaPath);
  }

  /** Stops a running campaign at once: its dispatch chain dies, what was not handed to the connector stays unsent. */
  async cancel(companyId: CompanyId, id: number): Promise<void> {
    await this.transactions.run(async (manager) => {
      const current = await this.campaigns.row(companyId, id, true);
      if (current.status !== 'EM_ANDAMENTO') throw new DomainError('ERR_CAMPAIGN_NOT_RUNNING');
      await manager.query(
        `UPDATE campaigns SET status = 'CANCELADA', dispatch_token = NULL, updated_at = now() WHERE id = $1`,
        [id],
      );
      await this.campaigns.announce(companyId, id);
    });
  }

  /** Resumes a cancelled campaign: only rows never sent are sent (plus contacts added to its list since). */
  async restart(companyId: CompanyId, id: number): Promise<void> {
    await this.transactions.run(async (manager) => {
      const current = await this.campaigns.row(companyId, id, true);
      if (current.status !== 'CANCELADA') throw new DomainError('ERR_CAMPAIGN_NOT_CANCELLED');
      await this.engine.materialize(manager, current);
      await manager.query(
        `UPDATE campaigns SET status = 'EM_ANDAMENTO', started_at = coalesce(started_at, now()), completed_at = NULL,
           updated_at = now() WHERE id = $1`,
        [id],
      );
      await this.engine.kick(manager, companyId, id);
      await this.campaigns.announce(companyId, id);
    });
  }

  async attachMedia(companyId: CompanyId, id: number, file: UploadedFile | undefined): Promise<CampaignResponse> {
    const current = await this.campaigns.row(companyId, id);
    if (!isEditable(current)) throw new DomainError('ERR_CAMPAIGN_NOT_EDITABLE');
    const stored = this.media.save(companyId, `campaign/${id}`, file);
    let previous: string | null = null;
    const saved = await this.transactions.run(async (manager) => {
      const row = await this.campaigns.row(companyId, id, true);
      previous = row.media_path;
      await manager.query(
        'UPDATE campaigns SET media_path = $2, media_name = $3, media_type = $4, updated_at = now() WHERE id = $1',
        [id, stored.path, stored.name, stored.mimeType],
      );
      return this.campaigns.announce(companyId, id);
    });
    await this.media.remove(previous);
    return saved;
  }

  async removeMedia(companyId: CompanyId, id: number): Promise<CampaignResponse> {
    let previous: string | null = null;
    const saved = await this.transactions.run(async (manager) => {
      const row = await this.campaigns.row(companyId, id, true);
      if (!isEditable(row)) throw new DomainError('ERR_CAMPAIGN_NOT_EDITABLE');
      previous = row.media_path;
      await manager.query(
        'UPDATE campaigns SET media_path = NULL, media_name = NULL, media_type = NULL, updated_at = now() WHERE id = $1',
        [id],
      );
      return this.campaigns.announce(companyId, id);
    });
    await this.media.remove(previous);
    return saved;
  }

  /** Before the transaction: the connection, the contact list and the tag, when their events are still on their way. */
  private async awaitReferences(body: CampaignBody): Promise<void> {
    await Promise.all([
      this.projections.awaitReference('connections', body.whatsappId),
      body.contactListId === null ? undefined : this.projections.awaitReference('contact_lists', body.contactListId),
      body.tagListId === null ? undefined : this.projections.awaitReference('tags', body.tagListId),
    ]);
  }

  /** The row values in column order (name … scheduled_at), checking that referenced records are the company's. */
  private async fields(
    manager: EntityManager,
    companyId: CompanyId,
    body: CampaignBody,
  ): Promise<{ values: unknown[]; scheduledAt: Date | null }> {
    const exists = async (table: string, id: number | null): Promise<boolean> => {
      if (id === null) return true;
      const rows = await manager.query<unknown[]>(`SELECT 1 FROM ${table} WHERE company_id = $1 AND id = $2`, [
        companyId,
        id,
      ]);
      return rows.length > 0;
    };
    if (!(await exists('connections', body.whatsappId))) throw new DomainError('ERR_NO_WAPP_FOUND');
    if (!(await exists('contact_lists', body.contactListId))) throw new DomainError('ERR_NO_CONTACT_LIST_FOUND');
    if (!(await exists('file_lists', body.fileListId))) throw new DomainError('ERR_NO_FILE_LIST_FOUND');
    if (!(await exists('tags', body.tagListId))) throw new DomainError('ERR_NO_TAG_FOUND');
    let scheduledAt: Date | null = null;
    if (body.scheduledAt) {
      const company = await this.projections.company(companyId);
      scheduledAt = zonedToUtc(body.scheduledAt, company.timezone);
      if (!scheduledAt) throw validationError([{ path: 'scheduledAt', message: CAMPAIGN_MESSAGES.scheduledAt }]);
    }
    return {
      values: [
        body.name,
        body.message1,
        body.message2,
        body.message3,
        body.message4,
        body.message5,
        body.confirmationMessage1,
        body.confirmationMessage2,
        body.confirmationMessage3,
        body.confirmationMessage4,
        body.confirmationMessage5,
        body.confirmation,
        body.contactListId,
        body.tagListId,
        body.whatsappId,
        body.fileListId,
        scheduledAt,
      ],
      scheduledAt,
    };
  }
}
