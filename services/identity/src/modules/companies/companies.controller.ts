import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import type { CompanySnapshot } from '@cs/proto/events';
import { type SignupRequest, SignupRequestSchema } from '@cs/proto/http';
import { ZodPipe } from '@cs/platform/http';
import { Public } from '@cs/platform/tenancy';
import { SignUpCompanyUseCase } from './use-cases/sign-up-company.use-case.js';

@Controller('companies')
export class CompaniesController {
  constructor(private readonly signUp: SignUpCompanyUseCase) {}

  /** Public signup (`/signup` page). */
  @Public()
  @Post('cadastro')
  @HttpCode(200)
  async register(@Body(new ZodPipe(SignupRequestSchema)) body: SignupRequest): Promise<CompanySnapshot> {
    return this.signUp.execute(body);
  }
}
