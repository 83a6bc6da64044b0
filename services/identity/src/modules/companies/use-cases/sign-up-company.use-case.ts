import { Injectable } from '@nestjs/common';
import type { CompanySnapshot } from '@cs/proto/events';
import { type SignupRequest, TRIAL_DAYS } from '@cs/proto/http';
import { dateInZonePlusDays } from '../companies.mapper.js';
import { COMPANY_TIMEZONE, CreateCompanyUseCase } from './create-company.use-case.js';

/**
 * Public signup: the company on its trial, with its first admin (the signup's e-mail and password) and default
 * settings. The server decides the due date (3 days ahead in the company's time zone), the MENSAL recurrence
 * and the active status; whatever the client sends for them is ignored.
 */
@Injectable()
export class SignUpCompanyUseCase {
  constructor(private readonly createCompany: CreateCompanyUseCase) {}

  async execute(input: SignupRequest, now: Date = new Date()): Promise<CompanySnapshot> {
    return this.createCompany.execute({
      name: input.name,
      email: input.email,
      phone: input.phone,
      status: true,
      planId: input.planId,
      dueDate: dateInZonePlusDays(now, COMPANY_TIMEZONE, TRIAL_DAYS),
      recurrence: 'MENSAL',
      campaignsEnabled: true,
      password: input.password,
    });
  }
}
