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
import type { ScheduleSnapshot } from '@cs/proto/events';
import {
  type ListSchedulesQuery,
  ListSchedulesQuerySchema,
  type ScheduleBody,
  ScheduleBodySchema,
} from '@cs/proto/http';
import { DomainError } from '@cs/platform/errors';
import { IdPipe, ZodPipe } from '@cs/platform/http';
import { CompanyIdParam, CurrentIdentity, type Identity, RequiresPlanFlag } from '@cs/platform/tenancy';
import { IMAGE_TYPES, mediaUpload, type UploadedFile } from '../media/media.storage.js';
import { SchedulesQueries } from './schedules.queries.js';
import { SchedulesRepository } from './schedules.repository.js';
import { CreateScheduleUseCase } from './use-cases/create-schedule.use-case.js';
import { DeleteScheduleUseCase } from './use-cases/delete-schedule.use-case.js';
import { SetScheduleMediaUseCase } from './use-cases/set-schedule-media.use-case.js';
import { UpdateScheduleUseCase } from './use-cases/update-schedule.use-case.js';

/** `/schedules`: messages scheduled for a contact, sent at their time by a job. */
@Controller('schedules')
@RequiresPlanFlag('useSchedules')
export class SchedulesController {
  constructor(
    private readonly queries: SchedulesQueries,
    private readonly schedules: SchedulesRepository,
    private readonly createSchedule: CreateScheduleUseCase,
    private readonly updateSchedule: UpdateScheduleUseCase,
    private readonly deleteSchedule: DeleteScheduleUseCase,
    private readonly setMedia: SetScheduleMediaUseCase,
  ) {}

  @Get()
  async page(
    @CompanyIdParam() companyId: CompanyId,
    @Query(new ZodPipe(ListSchedulesQuerySchema)) query: ListSchedulesQuery,
  ): Promise<{ schedules: ScheduleSnapshot[]; count: number; hasMore: boolean }> {
    return this.queries.page(companyId, query);
  }

  @Get(':id')
  async show(
    @CompanyIdParam() companyId: CompanyId,
    @Param('id', new IdPipe('ERR_NO_SCHEDULE_FOUND')) id: number,
  ): Promise<ScheduleSnapshot> {
    const schedule = await this.schedules.find(companyId, id);
    if (!schedule) throw new DomainError('ERR_NO_SCHEDULE_FOUND');
    return schedule;
  }

  @Post()
  @HttpCode(200)
  async create(
    @CompanyIdParam() companyId: CompanyId,
    @CurrentIdentity() identity: Identity,
    @Body(new ZodPipe(ScheduleBodySchema)) body: ScheduleBody,
  ): Promise<ScheduleSnapshot> {
    return this.createSchedule.execute(companyId, identity, body);
  }

  @Put(':id')
  async update(
    @CompanyIdParam() companyId: CompanyId,
    @Param('id', new IdPipe('ERR_NO_SCHEDULE_FOUND')) id: number,
    @Body(new ZodPipe(partialUpdateSchema(ScheduleBodySchema))) body: Partial<ScheduleBody>,
  ): Promise<ScheduleSnapshot> {
    return this.updateSchedule.execute(companyId, id, body);
  }

  @Delete(':id')
  async remove(
    @CompanyIdParam() companyId: CompanyId,
    @Param('id', new IdPipe('ERR_NO_SCHEDULE_FOUND')) id: number,
  ): Promise<{ message: string }> {
    await this.deleteSchedule.execute(companyId, id);
    return { message: 'Schedule deleted' };
  }

  @Post(':id/media-upload')
  @HttpCode(200)
  @UseInterceptors(LimitedFilesInterceptor('file', 1, mediaUpload('schedules', IMAGE_TYPES)))
  async upload(
    @CompanyIdParam() companyId: CompanyId,
    @Param('id', new IdPipe('ERR_NO_SCHEDULE_FOUND')) id: number,
    @UploadedFiles() files: UploadedFile[] | undefined,
  ): Promise<ScheduleSnapshot> {
    return this.setMedia.execute(companyId, id, files?.[0]);
  }

  @Delete(':id/media-upload')
  async removeMedia(
    @CompanyIdParam() companyId: CompanyId,
    @Param('id', new IdPipe('ERR_NO_SCHEDULE_FOUND')) id: number,
  ): Promise<ScheduleSnapshot> {
    return this.setMedia.execute(companyId, id, null);
  }
}
