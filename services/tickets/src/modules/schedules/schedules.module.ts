import { Module } from '@nestjs/common';
import { ScheduleJobs } from './schedule-jobs.js';
import { SchedulesController } from './schedules.controller.js';
import { SchedulesQueries } from './schedules.queries.js';
import { CreateScheduleUseCase } from './use-cases/create-schedule.use-case.js';
import { DeleteScheduleUseCase } from './use-cases/delete-schedule.use-case.js';
import { SendScheduledMessageUseCase } from './use-cases/send-scheduled-message.use-case.js';
import { SetScheduleMediaUseCase } from './use-cases/set-schedule-media.use-case.js';
import { UpdateScheduleUseCase } from './use-cases/update-schedule.use-case.js';

/** Scheduled messages and their send jobs (the repository is in the core: send results update schedules). */
@Module({
  controllers: [SchedulesController],
  providers: [
    SchedulesQueries,
    ScheduleJobs,
    CreateScheduleUseCase,
    UpdateScheduleUseCase,
    DeleteScheduleUseCase,
    SetScheduleMediaUseCase,
    SendScheduledMessageUseCase,
  ],
})
export class SchedulesModule {}
