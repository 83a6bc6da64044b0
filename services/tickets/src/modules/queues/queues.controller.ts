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
import { FilesInterceptor } from '@nestjs/platform-express';
import { z } from 'zod';
import type { CompanyId } from '@cs/proto/common';
import { QueueCreated, QueueDeleted, QueueUpdated, ScheduleEntrySchema } from '@cs/proto/events';
import { TransactionHost } from '@cs/platform/database';
import { DomainError } from '@cs/platform/errors';
import { EventPublisher } from '@cs/platform/events';
import { IdPipe, ZodPipe } from '@cs/platform/http';
import { CompanyIdParam, Roles } from '@cs/platform/tenancy';
import { MediaStorage, type UploadedFile } from '../media/media.storage.js';
import { ProjectionsRepository } from '../projections/projections.repository.js';
import { type QueueRow, QueuesRepository, toQueueSnapshot } from './queues.repository.js';

/** Opening hours a new queue starts with (the spec's defaults). */
export const DEFAULT_QUEUE_SCHEDULES = [
  { weekday: 'Segunda-feira', weekdayEn: 'monday', startTime: '08:00', endTime: '18:00' },
  { weekday: 'Terça-feira', weekdayEn: 'tuesday', startTime: '08:00', endTime: '18:00' },
  { weekday: 'Quarta-feira', weekdayEn: 'wednesday', startTime: '08:00', endTime: '18:00' },
  { weekday: 'Quinta-feira', weekdayEn: 'thursday', startTime: '08:00', endTime: '18:00' },
  { weekday: 'Sexta-feira', weekdayEn: 'friday', startTime: '08:00', endTime: '18:00' },
  { weekday: 'Sábado', weekdayEn: 'saturday', startTime: '08:00', endTime: '12:00' },
  { weekday: 'Domingo', weekdayEn: 'sunday', startTime: '00:00', endTime: '00:00' },
] as const;

const nullableId = z
  .union([z.coerce.number().int().positive(), z.null(), z.literal('')])
  .transform((v) => (v === '' ? null : v));

export const QueueBodySchema = z.object({
  name: z.string({ error: 'Obrigatório' }).trim().min(2, { error: 'Muito curto!' }).max(50, { error: 'Muito longo!' }),
  color: z.string({ error: 'Obrigatório' }).trim().min(1, { error: 'Obrigatório' }).max(20),
  greetingMessage: z.string().optional(),
  outOfHoursMessage: z.string().optional(),
  orderQueue: z.coerce.number().int().min(0).optional().catch(0),
  schedules: z.array(ScheduleEntrySchema).optional(),
  integrationId: nullableId.optional(),
  promptId: nullableId.optional(),
  autoAssign: z.boolean().optional(),
});
export type QueueBody = z.infer<typeof QueueBodySchema>;

type QueueView = ReturnType<typeof toQueueSnapshot> & {
  mediaPath: string | null;
  mediaName: string | null;
  autoAssign: boolean;
};
const view = (queue: QueueRow): QueueView => ({
  ...toQueueSnapshot(queue),
  mediaPath: queue.mediaPath,
  mediaName: queue.mediaName,
  autoAssign: queue.autoAssign,
});
const UNIQUE_VIOLATION = '23505';

/** `/queue`: departments (admins edit; everyone lists). Colour unique per company; plan limit on creation. */
@Controller('queue')
export class QueuesController {
  constructor(
    private readonly transactions: TransactionHost,
    private readonly queues: QueuesRepository,
    private readonly projections: ProjectionsRepository,
    private readonly media: MediaStorage,
    private readonly events: EventPublisher,
  ) {}

  @Get()
  async list(@CompanyIdParam() companyId: CompanyId): Promise<QueueView[]> {
    return (await this.queues.list(companyId)).map(view);
  }

  @Get(':queueId')
  async show(
    @CompanyIdParam() companyId: CompanyId,
    @Param('queueId', new IdPipe()) queueId: number,
  ): Promise<QueueView> {
    const queue = await this.queues.find(companyId, queueId);
    if (!queue) throw new DomainError('ERR_NOT_FOUND');
    return view(queue);
  }

  @Post()
  @HttpCode(200)
  @Roles('admin')
  async create(
    @CompanyIdParam() companyId: CompanyId,
    @Body(new ZodPipe(QueueBodySchema)) body: QueueBody,
  ): Promise<QueueView> {
    return this.write(async () => {
      const company = await this.projections.company(companyId);
      const [count] = await this.transactions.manager.query<Array<{ count: number }>>(
        'SELECT count(*)::int AS count FROM queues WHERE company_id = $1',
        [companyId],
      );
      if (company.plan && company.plan.queues > 0 && (count?.count ?? 0) >= company.plan.queues) {
        throw new DomainError('ERR_PLAN_LIMIT_QUEUES');
      }
      const [row] = await this.transactions.manager.query<Array<Record<string, unknown>>>(
        `INSERT INTO queues (company_id, name, color, greeting_message, out_of_hours_message, order_queue, schedules,
           integration_id, prompt_id, auto_assign)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING id`,
        [
          companyId,
          body.name,
          body.color,
          body.greetingMessage ?? '',
          body.outOfHoursMessage ?? '',
          body.orderQueue ?? 0,
          JSON.stringify(body.schedules ?? DEFAULT_QUEUE_SCHEDULES),
          body.integrationId ?? null,
          body.promptId ?? null,
          body.autoAssign ?? false,
        ],
      );
      const queue = await this.queues.find(companyId, row?.['id'] as number);
      if (!queue) throw new DomainError('ERR_NOT_FOUND');
      await this.events.emit(QueueCreated, { companyId, key: queue.id, data: toQueueSnapshot(queue) });
      return view(queue);
    });
  }

  @Put(':queueId')
  @Roles('admin')
  async update(
    @CompanyIdParam() companyId: CompanyId,
    @Param('queueId', new IdPipe()) queueId: number,
    @Body(new ZodPipe(QueueBodySchema.partial())) body: Partial<QueueBody>,
  ): Promise<QueueView> {
    return this.write(async () => {
      const current = await this.queues.find(companyId, queueId);
      if (!current) throw new DomainError('ERR_NOT_FOUND');
      await this.transactions.manager.query(
        `UPDATE queues SET name = $3, color = $4, greeting_message = $5, out_of_hours_message = $6, order_queue = $7,
           schedules = $8, integration_id = $9, prompt_id = $10, auto_assign = $11, updated_at = now()
         WHERE company_id = $1 AND id = $2`,
        [
          companyId,
          queueId,
          body.name ?? current.name,
          body.color ?? current.color,
          body.greetingMessage ?? current.greetingMessage,
          body.outOfHoursMessage ?? current.outOfHoursMessage,
          body.orderQueue ?? current.orderQueue,
          JSON.stringify(body.schedules ?? current.schedules),
          body.integrationId !== undefined ? body.integrationId : current.integrationId,
          body.promptId !== undefined ? body.promptId : current.promptId,
          body.autoAssign ?? current.autoAssign,
        ],
      );
      const queue = await this.queues.find(companyId, queueId);
      if (!queue) throw new DomainError('ERR_NOT_FOUND');
      await this.events.emit(QueueUpdated, { companyId, key: queue.id, data: toQueueSnapshot(queue) });
      return view(queue);
    });
  }

  /** A queue bound to a prompt or an integration cannot go (409, the spec's message). */
  @Delete(':queueId')
  @Roles('admin')
  async remove(
    @CompanyIdParam() companyId: CompanyId,
    @Param('queueId', new IdPipe()) queueId: number,
  ): Promise<{ message: string }> {
    return this.transactions.run(async () => {
      const queue = await this.queues.find(companyId, queueId);
      if (!queue) throw new DomainError('ERR_NOT_FOUND');
      if (queue.promptId !== null || queue.integrationId !== null) throw new DomainError('ERR_QUEUE_IN_USE');
      await this.transactions.manager.query(
        'UPDATE tickets SET queue_id = NULL, queue_option_id = NULL WHERE company_id = $1 AND queue_id = $2',
        [companyId, queueId],
      );
      await this.transactions.manager.query('DELETE FROM queues WHERE company_id = $1 AND id = $2', [
        companyId,
        queueId,
      ]);
      await this.events.emit(QueueDeleted, { companyId, key: queueId, data: { id: queueId } });
      await this.media.remove(queue.mediaPath);
      return { message: 'Queue deleted' };
    });
  }

  @Post(':queueId/media-upload')
  @HttpCode(200)
  @Roles('admin')
  @UseInterceptors(FilesInterceptor('file', 1))
  async upload(
    @CompanyIdParam() companyId: CompanyId,
    @Param('queueId', new IdPipe()) queueId: number,
    @UploadedFiles() files: UploadedFile[] | undefined,
  ): Promise<QueueView> {
    const queue = await this.queues.find(companyId, queueId);
    if (!queue) throw new DomainError('ERR_NOT_FOUND');
    const stored = await this.media.save(companyId, 'queues', files?.[0]);
    return this.setMedia(companyId, queue, stored.path, stored.name);
  }

  @Delete(':queueId/media-upload')
  @Roles('admin')
  async removeMedia(
    @CompanyIdParam() companyId: CompanyId,
    @Param('queueId', new IdPipe()) queueId: number,
  ): Promise<QueueView> {
    const queue = await this.queues.find(companyId, queueId);
    if (!queue) throw new DomainError('ERR_NOT_FOUND');
    return this.setMedia(companyId, queue, null, null);
  }

  private async setMedia(companyId: CompanyId, queue: QueueRow, path: string | null, name: string | null) {
    const updated = await this.transactions.run(async () => {
      await this.transactions.manager.query(
        'UPDATE queues SET media_path = $3, media_name = $4, updated_at = now() WHERE company_id = $1 AND id = $2',
        [companyId, queue.id, path, name],
      );
      const fresh = await this.queues.find(companyId, queue.id);
      if (!fresh) throw new DomainError('ERR_NOT_FOUND');
      await this.events.emit(QueueUpdated, { companyId, key: fresh.id, data: toQueueSnapshot(fresh) });
      return fresh;
    });
    if (queue.mediaPath && queue.mediaPath !== path) await this.media.remove(queue.mediaPath);
    return view(updated);
  }

  private async write<T>(fn: () => Promise<T>): Promise<T> {
    try {
      return await this.transactions.run(fn);
    } catch (error) {
      const driver = (error as { driverError?: { code?: string; constraint?: string } }).driverError;
      if (driver?.code === UNIQUE_VIOLATION) {
        if (driver.constraint === 'uq_queues_company_color') throw new DomainError('ERR_QUEUE_COLOR_ALREADY_EXISTS');
        throw new DomainError('ERR_CONFLICT', { message: 'Já existe uma fila com este nome.' });
      }
      throw error;
    }
  }
}
