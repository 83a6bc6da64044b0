import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query, Req } from '@nestjs/common';
import type { Request } from 'express';
import type { CompanySnapshot, ScheduleEntry } from '@cs/proto/events';
import {
  type CompanyRequest,
  CompanyRequestSchema,
  CompanySchedulesRequestSchema,
  type CompanyUpdateRequest,
  CompanyUpdateRequestSchema,
  type ListQuery,
  ListQuerySchema,
  type SignupRequest,
  SignupRequestSchema,
} from '@cs/proto/http';
import { DomainError } from '@cs/platform/errors';
import { IdPipe, ZodPipe } from '@cs/platform/http';
import { CurrentIdentity, type Identity, Public, Roles, SuperOnly } from '@cs/platform/tenancy';
import { clientMetaOf } from '../auth/auth.controller.js';
import { CompaniesQueries } from './companies.queries.js';
import { SignupThrottle } from './signup-throttle.js';
import { CreateCompanyUseCase } from './use-cases/create-company.use-case.js';
import { SignUpCompanyUseCase } from './use-cases/sign-up-company.use-case.js';
import { UpdateCompanyUseCase } from './use-cases/update-company.use-case.js';

const companyId = new IdPipe('ERR_NO_COMPANY_FOUND');

@Controller('companies')
export class CompaniesController {
  constructor(
    private readonly queries: CompaniesQueries,
    private readonly signUp: SignUpCompanyUseCase,
    private readonly createCompany: CreateCompanyUseCase,
    private readonly updateCompany: UpdateCompanyUseCase,
    private readonly signupThrottle: SignupThrottle,
  ) {}

  /** Public signup (`/signup` page), within the per-address budget. */
  @Public()
  @Post('cadastro')
  @HttpCode(200)
  async register(
    @Body(new ZodPipe(SignupRequestSchema)) body: SignupRequest,
    @Req() request: Request,
  ): Promise<CompanySnapshot> {
    await this.signupThrottle.take(clientMetaOf(request).ip);
    return this.signUp.execute(body);
  }

  @SuperOnly()
  @Get()
  index(@Query(new ZodPipe(ListQuerySchema)) query: ListQuery) {
    return this.queries.page(query);
  }

  @SuperOnly()
  @Get('list')
  list() {
    return this.queries.all();
  }

  /** The company with its plan (the menu reads the plan's flags): own company, or any for a super user. */
  @Get('listPlan/:id')
  listPlan(@CurrentIdentity() caller: Identity, @Param('id', companyId) id: number) {
    return this.queries.visible(caller, id);
  }

  @Get(':id')
  show(@CurrentIdentity() caller: Identity, @Param('id', companyId) id: number) {
    return this.queries.visible(caller, id);
  }

  @SuperOnly()
  @Post()
  @HttpCode(200)
  store(@Body(new ZodPipe(CompanyRequestSchema)) body: CompanyRequest) {
    return this.createCompany.execute({
      ...body,
      dueDate: body.dueDate ?? null,
      recurrence: body.recurrence ?? 'MENSAL',
    });
  }

  @SuperOnly()
  @Put(':id')
  update(
    @Param('id', companyId) id: number,
    @Body(new ZodPipe(CompanyUpdateRequestSchema)) body: CompanyUpdateRequest,
  ) {
    return this.updateCompany.update(id, body);
  }

  @Roles('admin')
  @Put(':id/schedules')
  schedules(
    @CurrentIdentity() caller: Identity,
    @Param('id', companyId) id: number,
    @Body(new ZodPipe(CompanySchedulesRequestSchema)) body: { schedules: ScheduleEntry[] },
  ) {
    if (!caller.isSuper && caller.companyId !== id) throw new DomainError('ERR_NO_COMPANY_FOUND');
    return this.updateCompany.schedules(id, body.schedules);
  }

  @SuperOnly()
  @Post(':id/extend-due-date')
  @HttpCode(200)
  extend(@Param('id', companyId) id: number) {
    return this.updateCompany.extendDueDate(id);
  }

  @SuperOnly()
  @Delete(':id')
  @HttpCode(200)
  async remove(@Param('id', companyId) id: number): Promise<{ message: string }> {
    await this.updateCompany.remove(id);
    return { message: 'Company deleted' };
  }
}

@Controller('companiesPlan')
export class CompaniesPlanController {
  constructor(private readonly queries: CompaniesQueries) {}

  @SuperOnly()
  @Get()
  index(@Query(new ZodPipe(ListQuerySchema)) query: ListQuery) {
    return this.queries.page(query);
  }
}
