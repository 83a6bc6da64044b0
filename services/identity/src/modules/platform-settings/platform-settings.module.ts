import { Module } from '@nestjs/common';
import { PlatformSettingsController } from './platform-settings.controller.js';
import { PlatformSettingsQueries } from './platform-settings.queries.js';
import { UpdatePlatformSettingUseCase } from './use-cases/update-platform-setting.use-case.js';

@Module({
  controllers: [PlatformSettingsController],
  providers: [PlatformSettingsQueries, UpdatePlatformSettingUseCase],
})
export class PlatformSettingsModule {}
