import { Module } from '@nestjs/common';
import { MediaModule } from '../media/media.module.js';
import { OutboundModule } from '../messages/outbound.module.js';
import { ProjectionsModule } from '../projections/projections.module.js';
import { SchedulesDataModule } from './schedules-data.module.js';
import { TicketsDataModule } from '../tickets/tickets-data.module.js';
import { ScheduleJobs } from './schedule-jobs.js';
import { ScheduleSendFailures } from './schedule-send-failures.js';
import { SchedulesController } from './schedules.controller.js';
import { SchedulesQueries } from './schedules.queries.js';
import { CreateScheduleUseCase } from './use-cases/create-schedule.use-case.js';
import { DeleteScheduleUseCase } from './use-cases/delete-schedule.use-case.js';
import { SendScheduledMessageUseCase } from './use-cases/send-scheduled-message.use-case.js';
import { SetScheduleMediaUseCase } from './use-cases/set-schedule-media.use-case.js';
import { UpdateScheduleUseCase } from './use-cases/update-schedule.use-case.js';

/** Scheduled messages and their send jobs (a send failure reported by the connector turns its
 * schedule to ERRO: `ScheduleSendFailures`). */
@Module({
  imports: [MediaModule, OutboundModule, ProjectionsModule, SchedulesDataModule, TicketsDataModule],
  controllers: [SchedulesController],
  providers: [
    SchedulesQueries,
    ScheduleJobs,
    ScheduleSendFailures,
    CreateScheduleUseCase,
    UpdateScheduleUseCase,
    DeleteScheduleUseCase,
    SetScheduleMediaUseCase,
    SendScheduledMessageUseCase,
  ],
})
export class SchedulesModule {}
