import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query } from '@nestjs/common';
import type { CompanyId } from '@cs/proto/common';
import { hasMorePages } from '@cs/proto/common';
import {
  type ListQuery,
  ListQuerySchema,
  type QueueIntegrationRequest,
  QueueIntegrationRequestSchema,
  type QueueIntegrationResponse,
  type QueueIntegrationTestSessionRequest,
  QueueIntegrationTestSessionRequestSchema,
} from '@cs/proto/http';
import { DomainError } from '@cs/platform/errors';
import { IdPipe, ZodPipe } from '@cs/platform/http';
import { CompanyIdParam, Roles } from '@cs/platform/tenancy';
import { PlanGate } from '../prompts/plan-gate.js';
import { QueueIntegrationsMapper } from './queue-integrations.mapper.js';
import { QueueIntegrationsRepository } from './queue-integrations.repository.js';
import { DeleteQueueIntegrationUseCase } from './use-cases/delete-queue-integration.use-case.js';
import { SaveQueueIntegrationUseCase } from './use-cases/save-queue-integration.use-case.js';
import { TestSessionUseCase } from './use-cases/test-session.use-case.js';

export const INTEGRATIONS_PAGE_SIZE = 20;

/** `/queueIntegration`: the company's Typebot, n8n, webhook and Dialogflow integrations (plans with `useIntegrations`). */
@Controller('queueIntegration')
@Roles('admin')
export class QueueIntegrationsController {
  constructor(
    private readonly integrations: QueueIntegrationsRepository,
    private readonly mapper: QueueIntegrationsMapper,
    private readonly plans: PlanGate,
    private readonly saveIntegration: SaveQueueIntegrationUseCase,
    private readonly deleteIntegration: DeleteQueueIntegrationUseCase,
    private readonly testSession: TestSessionUseCase,
  ) {}

  @Get()
  async list(
    @CompanyIdParam() companyId: CompanyId,
    @Query(new ZodPipe(ListQuerySchema)) query: ListQuery,
  ): Promise<{ queueIntegrations: QueueIntegrationResponse[]; count: number; hasMore: boolean }> {
    await this.plans.require(companyId, 'useIntegrations');
    const offset = ((query.pageNumber ?? 1) - 1) * INTEGRATIONS_PAGE_SIZE;
    const { rows, count } = await this.integrations.page(
      companyId,
      query.searchParam?.trim(),
      INTEGRATIONS_PAGE_SIZE,
      offset,
    );
    return {
      queueIntegrations: rows.map((row) => this.mapper.view(row)),
      count,
      hasMore: hasMorePages(count, offset, rows.length),
    };
  }

  @Post('testSession')
  @HttpCode(200)
  async test(
    @CompanyIdParam() companyId: CompanyId,
    @Body(new ZodPipe(QueueIntegrationTestSessionRequestSchema)) body: QueueIntegrationTestSessionRequest,
  ): Promise<{ ok: true; fulfillmentText: string; intent: string }> {
    await this.plans.require(companyId, 'useIntegrations');
    return this.testSession.execute(companyId, body);
  }

  @Get(':id')
  async show(
    @CompanyIdParam() companyId: CompanyId,
    @Param('id', new IdPipe('ERR_NO_INTEGRATION_FOUND')) id: number,
  ): Promise<QueueIntegrationResponse> {
    await this.plans.require(companyId, 'useIntegrations');
    const integration = await this.integrations.find(companyId, id);
    if (!integration) throw new DomainError('ERR_NO_INTEGRATION_FOUND');
    return this.mapper.view(integration);
  }

  @Post()
  @HttpCode(200)
  async create(
    @CompanyIdParam() companyId: CompanyId,
    @Body(new ZodPipe(QueueIntegrationRequestSchema)) body: QueueIntegrationRequest,
  ): Promise<QueueIntegrationResponse> {
    await this.plans.require(companyId, 'useIntegrations');
    return this.saveIntegration.create(companyId, body);
  }

  @Put(':id')
  async update(
    @CompanyIdParam() companyId: CompanyId,
    @Param('id', new IdPipe('ERR_NO_INTEGRATION_FOUND')) id: number,
    @Body(new ZodPipe(QueueIntegrationRequestSchema.partial())) body: Partial<QueueIntegrationRequest>,
  ): Promise<QueueIntegrationResponse> {
    await this.plans.require(companyId, 'useIntegrations');
    return this.saveIntegration.update(companyId, id, body);
  }

  @Delete(':id')
  async remove(
    @CompanyIdParam() companyId: CompanyId,
    @Param('id', new IdPipe('ERR_NO_INTEGRATION_FOUND')) id: number,
  ): Promise<{ message: string }> {
    await this.plans.require(companyId, 'useIntegrations');
    await this.deleteIntegration.execute(companyId, id);
    return { message: 'Integration deleted' };
  }
}
