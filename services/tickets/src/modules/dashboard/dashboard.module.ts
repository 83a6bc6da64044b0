import { Module } from '@nestjs/common';
import { DashboardController } from './dashboard.controller.js';
import { DashboardQueries } from './dashboard.queries.js';

/** The dashboard's read model (attendance cycles, ratings, current ticket counts). */
@Module({ controllers: [DashboardController], providers: [DashboardQueries] })
export class DashboardModule {}
