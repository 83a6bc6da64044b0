import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query } from '@nestjs/common';
import {
  type ListQuery,
  ListQuerySchema,
  type PlanRequest,
  PlanRequestSchema,
  type PlanUpdateRequest,
  PlanUpdateRequestSchema,
} from '@cs/proto/http';
import { IdPipe, ZodPipe } from '@cs/platform/http';
import { Public, SuperOnly } from '@cs/platform/tenancy';
import { PlansQueries } from './plans.queries.js';
import { SavePlanUseCase } from './use-cases/save-plan.use-case.js';

@Controller('plans')
export class PlansController {
  constructor(
    private readonly queries: PlansQueries,
    private readonly savePlan: SavePlanUseCase,
  ) {}

  @Get()
  index(@Query(new ZodPipe(ListQuerySchema)) query: ListQuery) {
    return this.queries.page(query);
  }

  /** The signup page's plan cards (no authentication): the public plans only. */
  @Public()
  @Get('list')
  list() {
    return this.queries.offered();
  }

  @Public()
  @Get('all')
  all() {
    return this.queries.offered();
  }

  @Get(':id')
  show(@Param('id', new IdPipe('ERR_NO_PLAN_FOUND')) id: number) {
    return this.queries.one(id);
  }

  @SuperOnly()
  @Post()
  @HttpCode(200)
  store(@Body(new ZodPipe(PlanRequestSchema)) body: PlanRequest) {
    return this.savePlan.create(body);
  }

  @SuperOnly()
  @Put(':id')
  update(
    @Param('id', new IdPipe('ERR_NO_PLAN_FOUND')) id: number,
    @Body(new ZodPipe(PlanUpdateRequestSchema)) body: PlanUpdateRequest,
  ) {
    return this.savePlan.update(id, body);
  }

  @SuperOnly()
  @Delete(':id')
  @HttpCode(200)
  async remove(@Param('id', new IdPipe('ERR_NO_PLAN_FOUND')) id: number): Promise<{ message: string }> {
    await this.savePlan.remove(id);
    return { message: 'Plan deleted' };
  }
}
