import { Module } from '@nestjs/common';
import { SchedulesRepository } from './schedules.repository.js';

/** The schedules' company-scoped SQL (send results from the messages flow update schedules too). */
@Module({ providers: [SchedulesRepository], exports: [SchedulesRepository] })
export class SchedulesDataModule {}
