import { Module } from '@nestjs/common';
import { CompaniesController } from './companies.controller.js';
import { SignUpCompanyUseCase } from './use-cases/sign-up-company.use-case.js';

@Module({ controllers: [CompaniesController], providers: [SignUpCompanyUseCase] })
export class CompaniesModule {}
