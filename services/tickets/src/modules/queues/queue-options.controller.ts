import {
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  Param,
  Post,
  Put,
  Query,
  UploadedFiles,
  UseInterceptors,
} from '@nestjs/common';
import { FilesInterceptor } from '@nestjs/platform-express';
import { z } from 'zod';
import type { CompanyId } from '@cs/proto/common';
import { TransactionHost } from '@cs/platform/database';
import { DomainError } from '@cs/platform/errors';
import { IdPipe, ZodPipe } from '@cs/platform/http';
import { CompanyIdParam, Roles } from '@cs/platform/tenancy';
import { MediaStorage, type UploadedFile } from '../media/media.storage.js';
import { type QueueOptionRow, QueuesRepository } from './queues.repository.js';

const OptionBodySchema = z.object({
  queueId: z.coerce.number().int().positive(),
  parentId: z
    .union([z.coerce.number().int().positive(), z.null(), z.literal(-1), z.literal('-1')])
    .optional()
    .transform((v) => (typeof v === 'number' && v > 0 ? v : null)),
  title: z.string({ error: 'Obrigatório' }).trim().min(1, { error: 'Obrigatório' }).max(100),
  message: z.string().optional().default(''),
  option: z.union([z.string(), z.number()]).transform(String).pipe(z.string().trim().min(1).max(20)),
});
type OptionBody = z.infer<typeof OptionBodySchema>;
const ListQuerySchema = z.object({
  queueId: z.coerce.number().int().positive(),
  parentId: z.coerce.number().int().optional().catch(undefined),
});

/** `/queue-options`: the chatbot's option tree of a queue (`parentId` -1 or absent: the top level). */
@Controller('queue-options')
export class QueueOptionsController {
  constructor(
    private readonly transactions: TransactionHost,
    private readonly queues: QueuesRepository,
    private readonly media: MediaStorage,
  ) {}

  @Get()
  async list(
    @CompanyIdParam() companyId: CompanyId,
    @Query(new ZodPipe(ListQuerySchema)) query: z.infer<typeof ListQuerySchema>,
  ): Promise<QueueOptionRow[]> {
    if (!(await this.queues.find(companyId, query.queueId))) return [];
    const parentId = query.parentId && query.parentId > 0 ? query.parentId : null;
    return this.queues.options(companyId, query.queueId, parentId);
  }

  @Get(':optionId')
  async show(@CompanyIdParam() companyId: CompanyId, @Param('optionId', new IdPipe()) id: number) {
    const option = await this.queues.option(companyId, id);
    if (!option) throw new DomainError('ERR_NOT_FOUND');
    return option;
  }

  @Post()
  @HttpCode(200)
  @Roles('admin')
  async create(@CompanyIdParam() companyId: CompanyId, @Body(new ZodPipe(OptionBodySchema)) body: OptionBody) {
    return this.transactions.run(async () => {
      await this.checkTree(companyId, body.queueId, body.parentId);
      const [row] = await this.transactions.manager.query<Array<{ id: number }>>(
        `INSERT INTO queue_options (company_id, queue_id, parent_id, title, message, option)
         VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
        [companyId, body.queueId, body.parentId, body.title, body.message, body.option],
      );
      return this.queues.option(companyId, row?.id ?? 0);
    });
  }

  @Put(':optionId')
  @Roles('admin')
  async update(
    @CompanyIdParam() companyId: CompanyId,
    @Param('optionId', new IdPipe()) id: number,
    @Body(new ZodPipe(OptionBodySchema.partial())) body: Partial<OptionBody>,
  ) {
    return this.transactions.run(async () => {
      const current = await this.queues.option(companyId, id);
      if (!current) throw new DomainError('ERR_NOT_FOUND');
      await this.transactions.manager.query(
        `UPDATE queue_options SET title = $3, message = $4, option = $5, updated_at = now() WHERE company_id = $1 AND id = $2`,
        [companyId, id, body.title ?? current.title, body.message ?? current.message, body.option ?? current.option],
      );
      return this.queues.option(companyId, id);
    });
  }

  @Delete(':optionId')
  @Roles('admin')
  async remove(@CompanyIdParam() companyId: CompanyId, @Param('optionId', new IdPipe()) id: number) {
    const option = await this.queues.option(companyId, id);
    if (!option) throw new DomainError('ERR_NOT_FOUND');
    await this.transactions.manager.query('DELETE FROM queue_options WHERE company_id = $1 AND id = $2', [
      companyId,
      id,
    ]);
    await this.media.remove(option.mediaPath);
    return { message: 'Option deleted' };
  }

  @Post(':optionId/media-upload')
  @HttpCode(200)
  @Roles('admin')
  @UseInterceptors(FilesInterceptor('file', 1))
  async upload(
    @CompanyIdParam() companyId: CompanyId,
    @Param('optionId', new IdPipe()) id: number,
    @UploadedFiles() files: UploadedFile[] | undefined,
  ) {
    const option = await this.queues.option(companyId, id);
    if (!option) throw new DomainError('ERR_NOT_FOUND');
    const stored = await this.media.save(companyId, 'queue-options', files?.[0]);
    await this.setMedia(companyId, id, stored.path, stored.name);
    await this.media.remove(option.mediaPath);
    return this.queues.option(companyId, id);
  }

  @Delete(':optionId/media-upload')
  @Roles('admin')
  async removeMedia(@CompanyIdParam() companyId: CompanyId, @Param('optionId', new IdPipe()) id: number) {
    const option = await this.queues.option(companyId, id);
    if (!option) throw new DomainError('ERR_NOT_FOUND');
    await this.setMedia(companyId, id, null, null);
    await this.media.remove(option.mediaPath);
    return this.queues.option(companyId, id);
  }

  private async setMedia(companyId: CompanyId, id: number, path: string | null, name: string | null) {
    await this.transactions.manager.query(
      'UPDATE queue_options SET media_path = $3, media_name = $4, updated_at = now() WHERE company_id = $1 AND id = $2',
      [companyId, id, path, name],
    );
  }

  private async checkTree(companyId: CompanyId, queueId: number, parentId: number | null): Promise<void> {
    if (!(await this.queues.find(companyId, queueId))) throw new DomainError('ERR_NOT_FOUND');
    if (parentId === null) return;
    const parent = await this.queues.option(companyId, parentId);
    if (!parent || parent.queueId !== queueId) throw new DomainError('ERR_NOT_FOUND');
  }
}
