import {
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  Param,
  Post,
  Put,
  UploadedFiles,
  UseInterceptors,
} from '@nestjs/common';
import { LimitedFilesInterceptor } from '@cs/platform/uploads';
import { type CompanyId, partialUpdateSchema } from '@cs/proto/common';
import { type QueueBody, QueueBodySchema } from '@cs/proto/http';
import { DomainError } from '@cs/platform/errors';
import { IdPipe, ZodPipe } from '@cs/platform/http';
import { CompanyIdParam, Roles } from '@cs/platform/tenancy';
import { mediaUpload, type UploadedFile } from '../media/media.storage.js';
import { toQueueView, type QueueView } from './queues.mapper.js';
import { QueuesRepository } from './queues.repository.js';
import { CreateQueueUseCase } from './use-cases/create-queue.use-case.js';
import { DeleteQueueUseCase } from './use-cases/delete-queue.use-case.js';
import { SetQueueMediaUseCase } from './use-cases/set-queue-media.use-case.js';
import { UpdateQueueUseCase } from './use-cases/update-queue.use-case.js';

/** `/queue`: departments (admins edit; everyone lists). Colour unique per company; plan limit on creation. */
@Controller('queue')
export class QueuesController {
  constructor(
    private readonly queues: QueuesRepository,
    private readonly createQueue: CreateQueueUseCase,
    private readonly updateQueue: UpdateQueueUseCase,
    private readonly deleteQueue: DeleteQueueUseCase,
    private readonly setMedia: SetQueueMediaUseCase,
  ) {}

  @Get()
  async list(@CompanyIdParam() companyId: CompanyId): Promise<QueueView[]> {
    return (await this.queues.list(companyId)).map(toQueueView);
  }

  @Get(':queueId')
  async show(
    @CompanyIdParam() companyId: CompanyId,
    @Param('queueId', new IdPipe()) queueId: number,
  ): Promise<QueueView> {
    const queue = await this.queues.find(companyId, queueId);
    if (!queue) throw new DomainError('ERR_NOT_FOUND');
    return toQueueView(queue);
  }

  @Post()
  @HttpCode(200)
  @Roles('admin')
  async create(
    @CompanyIdParam() companyId: CompanyId,
    @Body(new ZodPipe(QueueBodySchema)) body: QueueBody,
  ): Promise<QueueView> {
    return this.createQueue.execute(companyId, body);
  }

  @Put(':queueId')
  @Roles('admin')
  async update(
    @CompanyIdParam() companyId: CompanyId,
    @Param('queueId', new IdPipe()) queueId: number,
    @Body(new ZodPipe(partialUpdateSchema(QueueBodySchema))) body: Partial<QueueBody>,
  ): Promise<QueueView> {
    return this.updateQueue.execute(companyId, queueId, body);
  }

  /** A queue bound to a prompt or an integration cannot go (409, the spec's message). */
  @Delete(':queueId')
  @Roles('admin')
  async remove(
    @CompanyIdParam() companyId: CompanyId,
    @Param('queueId', new IdPipe()) queueId: number,
  ): Promise<{ message: string }> {
    await this.deleteQueue.execute(companyId, queueId);
    return { message: 'Queue deleted' };
  }

  @Post(':queueId/media-upload')
  @HttpCode(200)
  @Roles('admin')
  @UseInterceptors(LimitedFilesInterceptor('file', 1, mediaUpload('queues')))
  async upload(
    @CompanyIdParam() companyId: CompanyId,
    @Param('queueId', new IdPipe()) queueId: number,
    @UploadedFiles() files: UploadedFile[] | undefined,
  ): Promise<QueueView> {
    return this.setMedia.execute(companyId, queueId, files?.[0]);
  }

  @Delete(':queueId/media-upload')
  @Roles('admin')
  async removeMedia(
    @CompanyIdParam() companyId: CompanyId,
    @Param('queueId', new IdPipe()) queueId: number,
  ): Promise<QueueView> {
    return this.setMedia.execute(companyId, queueId, null);
  }
}
