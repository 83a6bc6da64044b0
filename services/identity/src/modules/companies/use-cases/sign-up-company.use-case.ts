import { Injectable } from '@nestjs/common';
import type { CompanySnapshot } from '@cs/proto/events';
import { type SignupRequest, TRIAL_DAYS } from '@cs/proto/http';
import { TransactionHost } from '@cs/platform/database';
import { validationError } from '@cs/platform/errors';
import { PlanEntity } from '../plan.entity.js';
import { dateInZonePlusDays } from '../companies.mapper.js';
import { SignupWebhook } from '../signup-webhook.js';
import { COMPANY_TIMEZONE, CreateCompanyUseCase } from './create-company.use-case.js';

const PLAN_NOT_OFFERED = 'Este plano não está disponível para cadastro. Selecione um plano.';
const TRIAL_USED = 'Este telefone já usou o período de teste. Entre em contato para contratar um plano.';

/**
 * Public signup: the company on its trial, with its first admin (the signup's person's name, e-mail and
 * password; the company's name when no person's name is sent) and default settings. The server decides the due date (3 days ahead in the company's time zone), the MENSAL recurrence
 * and the active status; whatever the client sends for them is ignored. Only a public plan can be chosen (another
 * plan id, like an unknown one, is ERR_VALIDATION on `planId`), and a phone has one trial: a phone (its
 * digits) any company already has is refused (ERR_VALIDATION on `phone`), decided one signup at a time per phone.
 */
@Injectable()
export class SignUpCompanyUseCase {
  constructor(
    private readonly transactions: TransactionHost,
    private readonly createCompany: CreateCompanyUseCase,
    private readonly webhook: SignupWebhook,
  ) {}

  async execute(input: SignupRequest, now: Date = new Date()): Promise<CompanySnapshot> {
    const company = await this.transactions.run(async (manager) => {
      const plan = await manager.findOne(PlanEntity, { where: { id: input.planId } });
      if (!plan?.public) throw validationError([{ path: 'planId', message: PLAN_NOT_OFFERED }]);
      await manager.query("SELECT pg_advisory_xact_lock(hashtext('signup-phone:' || $1))", [input.phone]);
      const [used] = await manager.query<unknown[]>(
        "SELECT 1 FROM companies WHERE regexp_replace(phone, '\\D', '', 'g') = $1 LIMIT 1",
        [input.phone],
      );
      if (used) throw validationError([{ path: 'phone', message: TRIAL_USED }]);
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
        adminName: input.userName ?? input.name,
      });
    });
    // committed: tell the automation (if any) without waiting for it
    this.webhook.notify(company, now);
    return company;
  }
}
