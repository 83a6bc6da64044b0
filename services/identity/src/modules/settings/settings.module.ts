import { Module } from '@nestjs/common';
import { SettingsController } from './settings.controller.js';
import { SettingsQueries } from './settings.queries.js';
import { UpdateSettingUseCase } from './use-cases/update-setting.use-case.js';

@Module({ controllers: [SettingsController], providers: [SettingsQueries, UpdateSettingUseCase] })
export class SettingsModule {}
