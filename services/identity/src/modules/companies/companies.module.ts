import { Module } from '@nestjs/common';
import { UsersModule } from '../users/users.module.js';
import { CompaniesController, CompaniesPlanController } from './companies.controller.js';
import { CompaniesQueries } from './companies.queries.js';
import { SignupThrottle } from './signup-throttle.js';
import { SignupWebhook } from './signup-webhook.js';
import { PaymentsConsumer } from './payments.consumer.js';
import { CreateCompanyUseCase } from './use-cases/create-company.use-case.js';
import { SignUpCompanyUseCase } from './use-cases/sign-up-company.use-case.js';
import { UpdateCompanyUseCase } from './use-cases/update-company.use-case.js';

@Module({
  imports: [UsersModule],
  controllers: [CompaniesController, CompaniesPlanController, PaymentsConsumer],
  providers: [
    CompaniesQueries,
    CreateCompanyUseCase,
    SignUpCompanyUseCase,
    UpdateCompanyUseCase,
    SignupWebhook,
    SignupThrottle,
  ],
  exports: [CreateCompanyUseCase],
})
export class CompaniesModule {}
