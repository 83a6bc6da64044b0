import { Module } from '@nestjs/common';
import { PlansController } from './plans.controller.js';
import { PlansQueries } from './plans.queries.js';
import { SavePlanUseCase } from './use-cases/save-plan.use-case.js';

@Module({ controllers: [PlansController], providers: [PlansQueries, SavePlanUseCase] })
export class PlansModule {}
