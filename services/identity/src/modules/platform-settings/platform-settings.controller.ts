import { Body, Controller, Get, Param, Put } from '@nestjs/common';
import { type PlatformSetting, type PlatformSettingRequest, PlatformSettingRequestSchema } from '@cs/proto/http';
import { ZodPipe } from '@cs/platform/http';
import { SuperOnly } from '@cs/platform/tenancy';
import { PlatformSettingsQueries } from './platform-settings.queries.js';
import { UpdatePlatformSettingUseCase } from './use-cases/update-platform-setting.use-case.js';

/** The platform-wide settings of the super users (two-factor for admins, the audit log's retention). */
@SuperOnly()
@Controller('platform-settings')
export class PlatformSettingsController {
  constructor(
    private readonly queries: PlatformSettingsQueries,
    private readonly update: UpdatePlatformSettingUseCase,
  ) {}

  @Get()
  index(): Promise<PlatformSetting[]> {
    return this.queries.list();
  }

  @Put(':key')
  change(
    @Param('key') key: string,
    @Body(new ZodPipe(PlatformSettingRequestSchema)) body: PlatformSettingRequest,
  ): Promise<PlatformSetting> {
    return this.update.execute(key, body.value);
  }
}
