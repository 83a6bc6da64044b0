import type { CompanyId } from '@cs/proto/common';
import type { JobsService } from '@cs/platform/jobs';

/** The pg-boss job that sends one schedule at its time (`ScheduleJobs` works it). */
export const SCHEDULE_SEND_JOB = 'tickets.schedule-send';

export interface ScheduleJob {
  readonly companyId: number;
  readonly scheduleId: number;
}

/** Enqueues the send of a schedule at its time (inside the caller's transaction, so it exists iff the change does). */
export async function enqueueScheduleSend(
  jobs: JobsService,
  companyId: CompanyId,
  scheduleId: number,
  sendAt: Date,
): Promise<void> {
  await jobs.send<ScheduleJob>(SCHEDULE_SEND_JOB, { companyId, scheduleId }, { startAfter: sendAt });
}
