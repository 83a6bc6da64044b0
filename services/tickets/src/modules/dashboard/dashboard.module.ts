import { Module } from '@nestjs/common';
import { DashboardJobs } from './dashboard-jobs.js';
import { DashboardController } from './dashboard.controller.js';
import { DashboardQueries } from './dashboard.queries.js';

/** The dashboard's read model (per-day roll-ups of the attendance cycles, ratings, current ticket counts). */
@Module({ controllers: [DashboardController], providers: [DashboardQueries, DashboardJobs] })
export class DashboardModule {}
