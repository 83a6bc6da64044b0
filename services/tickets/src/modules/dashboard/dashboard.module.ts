import { Module } from '@nestjs/common';
import { ProjectionsModule } from '../projections/projections.module.js';
import { DashboardJobs } from './dashboard-jobs.js';
import { DashboardController } from './dashboard.controller.js';
import { DashboardQueries } from './dashboard.queries.js';

/** The dashboard's read model (per-day roll-ups of the attendance cycles, ratings, current ticket counts). */
@Module({
  imports: [ProjectionsModule],
  controllers: [DashboardController],
  providers: [DashboardQueries, DashboardJobs],
})
export class DashboardModule {}
