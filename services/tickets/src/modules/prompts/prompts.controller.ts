import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query } from '@nestjs/common';
import type { CompanyId } from '@cs/proto/common';
import { hasMorePages } from '@cs/proto/common';
import {
  type ListQuery,
  ListQuerySchema,
  type PromptRequest,
  PromptRequestSchema,
  type PromptResponse,
} from '@cs/proto/http';
import { DomainError } from '@cs/platform/errors';
import { IdPipe, ZodPipe } from '@cs/platform/http';
import { CompanyIdParam, Roles } from '@cs/platform/tenancy';
import { PlanGate } from './plan-gate.js';
import { PromptsMapper } from './prompts.mapper.js';
import { PromptsRepository } from './prompts.repository.js';
import { DeletePromptUseCase } from './use-cases/delete-prompt.use-case.js';
import { SavePromptUseCase } from './use-cases/save-prompt.use-case.js';

export const PROMPTS_PAGE_SIZE = 20;

/** `/prompt`: the company's AI prompts (admins, plans with `useOpenAi`). */
@Controller('prompt')
@Roles('admin')
export class PromptsController {
  constructor(
    private readonly prompts: PromptsRepository,
    private readonly mapper: PromptsMapper,
    private readonly plans: PlanGate,
    private readonly savePrompt: SavePromptUseCase,
    private readonly deletePrompt: DeletePromptUseCase,
  ) {}

  @Get()
  async list(
    @CompanyIdParam() companyId: CompanyId,
    @Query(new ZodPipe(ListQuerySchema)) query: ListQuery,
  ): Promise<{ prompts: PromptResponse[]; count: number; hasMore: boolean }> {
    await this.plans.require(companyId, 'useOpenAi');
    const offset = ((query.pageNumber ?? 1) - 1) * PROMPTS_PAGE_SIZE;
    const { rows, count } = await this.prompts.page(companyId, query.searchParam?.trim(), PROMPTS_PAGE_SIZE, offset);
    return {
      prompts: rows.map((row) => this.mapper.view(row)),
      count,
      hasMore: hasMorePages(count, offset, rows.length),
    };
  }

  @Get(':id')
  async show(
    @CompanyIdParam() companyId: CompanyId,
    @Param('id', new IdPipe('ERR_NO_PROMPT_FOUND')) id: number,
  ): Promise<PromptResponse> {
    await this.plans.require(companyId, 'useOpenAi');
    const prompt = await this.prompts.find(companyId, id);
    if (!prompt) throw new DomainError('ERR_NO_PROMPT_FOUND');
    return this.mapper.view(prompt);
  }

  @Post()
  @HttpCode(200)
  async create(
    @CompanyIdParam() companyId: CompanyId,
    @Body(new ZodPipe(PromptRequestSchema)) body: PromptRequest,
  ): Promise<PromptResponse> {
    await this.plans.require(companyId, 'useOpenAi');
    return this.savePrompt.create(companyId, body);
  }

  @Put(':id')
  async update(
    @CompanyIdParam() companyId: CompanyId,
    @Param('id', new IdPipe('ERR_NO_PROMPT_FOUND')) id: number,
    @Body(new ZodPipe(PromptRequestSchema)) body: PromptRequest,
  ): Promise<PromptResponse> {
    await this.plans.require(companyId, 'useOpenAi');
    return this.savePrompt.update(companyId, id, body);
  }

  @Delete(':id')
  async remove(
    @CompanyIdParam() companyId: CompanyId,
    @Param('id', new IdPipe('ERR_NO_PROMPT_FOUND')) id: number,
  ): Promise<{ message: string }> {
    await this.plans.require(companyId, 'useOpenAi');
    await this.deletePrompt.execute(companyId, id);
    return { message: 'Prompt deleted' };
  }
}
