import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { asCompanyId } from '@cs/proto/common';
import { JobsService } from '@cs/platform/jobs';
import { SCHEDULE_SEND_JOB, type ScheduleJob } from './schedule-send-job.js';
import { SendScheduledMessageUseCase } from './use-cases/send-scheduled-message.use-case.js';

/**
 * The worker of scheduled messages (pg-boss): each schedule has a job starting at its `sendAt`. Jobs live in
 * the database, so one that came due while the service was down runs as soon as it is back; every run
 * re-reads the schedule, so a stale job (an edited time, an already-sent or deleted schedule) does nothing.
 */
@Injectable()
export class ScheduleJobs implements OnApplicationBootstrap {
  constructor(
    private readonly jobs: JobsService,
    private readonly send: SendScheduledMessageUseCase,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.jobs.work<ScheduleJob>(
      SCHEDULE_SEND_JOB,
      (job) => this.send.execute(asCompanyId(job.companyId), job.scheduleId),
      { pollingIntervalSeconds: 1 },
    );
  }
}
