import { Body, Controller, Delete, Get, Put } from '@nestjs/common';
import type { CompanyId } from '@cs/proto/common';
import { type AssistSettingsInput, AssistSettingsRequestSchema, type AssistSettingsResponse } from '@cs/proto/http';
import { ZodPipe } from '@cs/platform/http';
import { CompanyIdParam, Roles } from '@cs/platform/tenancy';
import { PlanGate } from '../prompts/plan-gate.js';
import { NOT_CONFIGURED, SaveAssistSettingsUseCase } from './use-cases/save-assist-settings.use-case.js';

/** `/ai-assist/settings`: the company's OpenAI-compatible endpoint for agents (admins, plans with `useOpenAi`). */
@Controller('ai-assist/settings')
@Roles('admin')
export class AssistSettingsController {
  constructor(
    private readonly plans: PlanGate,
    private readonly saveSettings: SaveAssistSettingsUseCase,
  ) {}

  @Get()
  async show(@CompanyIdParam() companyId: CompanyId): Promise<AssistSettingsResponse> {
    await this.plans.require(companyId, 'useOpenAi');
    return this.saveSettings.view(companyId);
  }

  @Put()
  async save(
    @CompanyIdParam() companyId: CompanyId,
    @Body(new ZodPipe(AssistSettingsRequestSchema)) body: AssistSettingsInput,
  ): Promise<AssistSettingsResponse> {
    await this.plans.require(companyId, 'useOpenAi');
    return this.saveSettings.execute(companyId, body);
  }

  @Delete()
  async remove(@CompanyIdParam() companyId: CompanyId): Promise<AssistSettingsResponse> {
    await this.plans.require(companyId, 'useOpenAi');
    await this.saveSettings.remove(companyId);
    return NOT_CONFIGURED;
  }
}
