import { Body, Controller, Get, HttpCode, Post, UseGuards } from '@nestjs/common';
import type { CompanyId } from '@cs/proto/common';
import { type CampaignSettingWireEntry, type SaveCampaignSettings, SaveCampaignSettingsSchema } from '@cs/proto/http';
import { ZodPipe } from '@cs/platform/http';
import { CompanyIdParam, Roles } from '@cs/platform/tenancy';
import { CampaignsEnabledGuard } from '../projections/campaigns-enabled.guard.js';
import { CampaignSettingsRepository } from './campaign-settings.repository.js';

@Controller('campaign-settings')
@Roles('admin')
@UseGuards(CampaignsEnabledGuard)
export class CampaignSettingsController {
  constructor(private readonly settings: CampaignSettingsRepository) {}

  @Get()
  list(@CompanyIdParam() companyId: CompanyId): Promise<CampaignSettingWireEntry[]> {
    return this.settings.entries(companyId);
  }

  /** `{settings: {messageInterval, longerIntervalAfter, greaterInterval, variables}}`; answers every entry (JSON text). */
  @Post()
  @HttpCode(200)
  async save(
    @CompanyIdParam() companyId: CompanyId,
    @Body(new ZodPipe(SaveCampaignSettingsSchema)) body: SaveCampaignSettings,
  ): Promise<CampaignSettingWireEntry[]> {
    await this.settings.save(companyId, body.settings);
    return this.settings.entries(companyId);
  }
}
