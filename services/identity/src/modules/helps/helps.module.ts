import { Module } from '@nestjs/common';
import { HelpsController } from './helps.controller.js';
import { SaveHelpUseCase } from './use-cases/save-help.use-case.js';

@Module({ controllers: [HelpsController], providers: [SaveHelpUseCase] })
export class HelpsModule {}
