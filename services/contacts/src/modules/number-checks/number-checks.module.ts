import { Module } from '@nestjs/common';
import { NumberChecksService } from './number-checks.service.js';

@Module({ providers: [NumberChecksService], exports: [NumberChecksService] })
export class NumberChecksModule {}
