import { Body, Controller, Get, Param, Put } from '@nestjs/common';
import { SettingRequestSchema } from '@cs/proto/http';
import type { CompanyId } from '@cs/proto/common';
import { ZodPipe } from '@cs/platform/http';
import { CompanyIdParam, CurrentIdentity, type Identity, Roles } from '@cs/platform/tenancy';
import { SettingsQueries } from './settings.queries.js';
import { UpdateSettingUseCase } from './use-cases/update-setting.use-case.js';

@Controller('settings')
export class SettingsController {
  constructor(
    private readonly queries: SettingsQueries,
    private readonly updateSetting: UpdateSettingUseCase,
  ) {}

  @Get()
  index(@CompanyIdParam() companyId: CompanyId, @CurrentIdentity() identity: Identity) {
    return this.queries.list(companyId, { admin: identity.profile === 'admin' || identity.isSuper });
  }

  @Roles('admin')
  @Put(':key')
  update(
    @CompanyIdParam() companyId: CompanyId,
    @Param('key') key: string,
    @Body(new ZodPipe(SettingRequestSchema)) body: { value: string },
  ) {
    return this.updateSetting.execute(companyId, key, body.value);
  }
}
