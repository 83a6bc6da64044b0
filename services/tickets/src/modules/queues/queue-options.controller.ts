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
import { LimitedFilesInterceptor } from '@cs/platform/uploads';
import { type CompanyId, partialUpdateSchema } from '@cs/proto/common';
import {
  type QueueOptionBody,
  QueueOptionBodySchema,
  type QueueOptionsQuery,
  QueueOptionsQuerySchema,
} from '@cs/proto/http';
import { DomainError } from '@cs/platform/errors';
import { IdPipe, ZodPipe } from '@cs/platform/http';
import { CompanyIdParam, Roles } from '@cs/platform/tenancy';
import { mediaUpload, type UploadedFile } from '../media/media.storage.js';
import { type QueueOptionRow, QueuesRepository } from './queues.repository.js';
import { CreateQueueOptionUseCase } from './use-cases/create-queue-option.use-case.js';
import { DeleteQueueOptionUseCase } from './use-cases/delete-queue-option.use-case.js';
import { SetQueueOptionMediaUseCase } from './use-cases/set-queue-option-media.use-case.js';
import { UpdateQueueOptionUseCase } from './use-cases/update-queue-option.use-case.js';

/** `/queue-options`: the chatbot's option tree of a queue (`parentId` -1 or absent: the top level). */
@Controller('queue-options')
export class QueueOptionsController {
  constructor(
    private readonly queues: QueuesRepository,
    private readonly createOption: CreateQueueOptionUseCase,
    private readonly updateOption: UpdateQueueOptionUseCase,
    private readonly deleteOption: DeleteQueueOptionUseCase,
    private readonly setMedia: SetQueueOptionMediaUseCase,
  ) {}

  @Get()
  async list(
    @CompanyIdParam() companyId: CompanyId,
    @Query(new ZodPipe(QueueOptionsQuerySchema)) query: QueueOptionsQuery,
  ): Promise<QueueOptionRow[]> {
    if (!(await this.queues.find(companyId, query.queueId))) return [];
    const parentId = query.parentId && query.parentId > 0 ? query.parentId : null;
    return this.queues.options(companyId, query.queueId, parentId);
  }

  @Get(':optionId')
  async show(
    @CompanyIdParam() companyId: CompanyId,
    @Param('optionId', new IdPipe()) id: number,
  ): Promise<QueueOptionRow> {
    const option = await this.queues.option(companyId, id);
    if (!option) throw new DomainError('ERR_NOT_FOUND');
    return option;
  }

  @Post()
  @HttpCode(200)
  @Roles('admin')
  async create(
    @CompanyIdParam() companyId: CompanyId,
    @Body(new ZodPipe(QueueOptionBodySchema)) body: QueueOptionBody,
  ): Promise<QueueOptionRow> {
    return this.createOption.execute(companyId, body);
  }

  @Put(':optionId')
  @Roles('admin')
  async update(
    @CompanyIdParam() companyId: CompanyId,
    @Param('optionId', new IdPipe()) id: number,
    @Body(new ZodPipe(partialUpdateSchema(QueueOptionBodySchema))) body: Partial<QueueOptionBody>,
  ): Promise<QueueOptionRow> {
    return this.updateOption.execute(companyId, id, body);
  }

  @Delete(':optionId')
  @Roles('admin')
  async remove(
    @CompanyIdParam() companyId: CompanyId,
    @Param('optionId', new IdPipe()) id: number,
  ): Promise<{ message: string }> {
    await this.deleteOption.execute(companyId, id);
    return { message: 'Option deleted' };
  }

  @Post(':optionId/media-upload')
  @HttpCode(200)
  @Roles('admin')
  @UseInterceptors(LimitedFilesInterceptor('file', 1, mediaUpload('queue-options')))
  async upload(
    @CompanyIdParam() companyId: CompanyId,
    @Param('optionId', new IdPipe()) id: number,
    @UploadedFiles() files: UploadedFile[] | undefined,
  ): Promise<QueueOptionRow> {
    return this.setMedia.execute(companyId, id, files?.[0]);
  }

  @Delete(':optionId/media-upload')
  @Roles('admin')
  async removeMedia(
    @CompanyIdParam() companyId: CompanyId,
    @Param('optionId', new IdPipe()) id: number,
  ): Promise<QueueOptionRow> {
    return this.setMedia.execute(companyId, id, null);
  }
}
