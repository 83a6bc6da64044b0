import { Injectable } from '@nestjs/common';
import type { CompanySnapshot } from '@cs/proto/events';
import { type SignupRequest, TRIAL_DAYS } from '@cs/proto/http';
import { dateInZonePlusDays } from '../companies.mapper.js';
import { SignupWebhook } from '../signup-webhook.js';
import { COMPANY_TIMEZONE, CreateCompanyUseCase } from './create-company.use-case.js';

/**
 * Public signup: the company on its trial, with its first admin (the signup's person's name, e-mail and
 * password; the company's name when no person's name is sent) and default settings. The server decides the due date (3 days ahead in the company's time zone), the MENSAL recurrence
 * and the active status; whatever the client sends for them is ignored.
 */
@Injectable()
export class SignUpCompanyUseCase {
  constructor(
    private readonly createCompany: CreateCompanyUseCase,
    private readonly webhook: SignupWebhook,
  ) {}

  async execute(input: SignupRequest, now: Date = new Date()): Promise<CompanySnapshot> {
    const company = await this.createCompany.execute({
      name: input.name,
      email: input.email,
      phone: input.phone,
      status: true,
      planId: input.planId,
      dueDate: dateInZonePlusDays(now, COMPANY_TIMEZONE, TRIAL_DAYS),
      recurrence: 'MENSAL',
      campaignsEnabled: true,
      password: input.password,
      adminName: input.userName ?? input.name,
    });
    // committed: tell the automation (if any) without waiting for it
    this.webhook.notify(company, now);
    return company;
  }
}
