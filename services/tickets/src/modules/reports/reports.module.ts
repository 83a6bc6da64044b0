import { Module } from '@nestjs/common';
import { ReportJobs } from './report-jobs.js';
import { ReportsController } from './reports.controller.js';
import { ReportsQueries } from './reports.queries.js';

/** Reports (issue 55): roll-ups kept by triggers (migration 1766510000000), their reads and CSV exports. */
@Module({
  controllers: [ReportsController],
  providers: [ReportsQueries, ReportJobs],
})
export class ReportsModule {}
