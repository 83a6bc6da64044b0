import type { DataSource } from 'typeorm';
import { PLATFORM_COMPANY_ID } from '@cs/proto/common';
import { TransactionHost } from '@cs/platform/database';
import { AuditTrail } from '@cs/platform/audit';
import { loadConfig } from '@cs/platform/config';
import { EventPublisher } from '@cs/platform/events';
import { passwordHashCost, PasswordHashEnvSchema } from '../config/env.js';
import { PasswordHasher } from '../modules/auth/password-hasher.js';
import { CompanyEntity } from '../modules/companies/company.entity.js';
import { PlanEntity } from '../modules/companies/plan.entity.js';
import { CreateCompanyUseCase } from '../modules/companies/use-cases/create-company.use-case.js';
import { CreateUserUseCase } from '../modules/users/use-cases/create-user.use-case.js';
import { UserEntity } from '../modules/users/user.entity.js';

/** Plans every installation starts with (idempotent: existing plans are left alone). */
const DEFAULT_PLANS = [
  { name: 'Básico', users: 3, connections: 1, queues: 3, value: 99.9 },
  { name: 'Profissional', users: 10, connections: 3, queues: 10, value: 199.9 },
  { name: 'Empresarial', users: 30, connections: 10, queues: 30, value: 499.9 },
];

export const DEMO_COMPANY_ID = 2;
/** The platform company never expires; a real date because the established client reads null as expired. */
const PLATFORM_DUE_DATE = '2099-12-31';
const DEV_SUPER_PASSWORD = 'super12345';
const DEMO_PASSWORD = 'demo12345';

/** The logins `make dev` prints (the super user's password is the environment's in production). */
export const DEMO_LOGINS = [
  { email: 'super@plataforma.local', password: `SUPER_USER_PASSWORD (dev: ${DEV_SUPER_PASSWORD})`, role: 'super user' },
  { email: 'admin@demo.local', password: DEMO_PASSWORD, role: 'admin of Empresa Demo' },
  { email: 'agente@demo.local', password: DEMO_PASSWORD, role: 'agent of Empresa Demo (queues 1, 2)' },
];

/** The users' password hasher at the cost the running service will hash at (its login would re-hash otherwise). */
function seedHasher(env: Record<string, string | undefined>): PasswordHasher {
  return new PasswordHasher(passwordHashCost(loadConfig(PasswordHashEnvSchema, env)));
}

/**
 * Development and first-install data, run after migrations (`make dev`, `SEED=1 make migrate`). Idempotent and
 * written through the use-cases, so the events reach the other services' projections:
 * - always: the default plans and the platform company (id 1, "Plataforma") with its super user, whose password
 *   comes from SUPER_USER_PASSWORD (required in production; `super12345` otherwise);
 * - outside production: the demo company (id 2, "Empresa Demo", plan Profissional) with admin@demo.local and
 *   agente@demo.local (password demo12345; the agent in queues 1 "Vendas" and 2 "Suporte", which tickets seeds).
 */
export async function seedIdentity(dataSource: DataSource, env: Record<string, string | undefined>): Promise<void> {
  const production = env['NODE_ENV'] === 'production';
  const superPassword = env['SUPER_USER_PASSWORD'] ?? (production ? undefined : DEV_SUPER_PASSWORD);
  if (!superPassword) throw new Error('SUPER_USER_PASSWORD is required to seed the platform in production');

  const transactions = new TransactionHost(dataSource);
  const events = new EventPublisher(transactions, 'identity');
  // seeds run outside any request: the audit trail records nothing for them
  const audit = new AuditTrail(events);
  const createUser = new CreateUserUseCase(transactions, events, seedHasher(env), audit);
  const createCompany = new CreateCompanyUseCase(transactions, events, createUser, audit);

  await transactions.run(async (manager) => {
    await manager.query('SELECT pg_advisory_xact_lock(hashtext($1))', ['identity:seed']);
    for (const plan of DEFAULT_PLANS) {
      await manager.query(
        `INSERT INTO plans (name, users, connections, queues, value) VALUES ($1, $2, $3, $4, $5) ON CONFLICT (name) DO NOTHING`,
        [plan.name, plan.users, plan.connections, plan.queues, plan.value],
      );
    }
    const planId = async (name: string): Promise<number> =>
      (await manager.findOneOrFail(PlanEntity, { where: { name } })).id;

    if (!(await manager.exists(CompanyEntity, { where: { id: PLATFORM_COMPANY_ID } }))) {
      await createCompany.execute(
        {
          name: 'Plataforma',
          email: 'super@plataforma.local',
          phone: null,
          status: true,
          planId: await planId('Empresarial'),
          dueDate: PLATFORM_DUE_DATE,
          recurrence: null,
          password: superPassword,
          adminName: 'Super Usuário',
          adminSuper: true,
        },
        { id: PLATFORM_COMPANY_ID },
      );
    } else {
      // installations seeded before: the established client reads a null due date as expired
      await manager.query('UPDATE companies SET due_date = $2 WHERE id = $1 AND due_date IS NULL', [
        PLATFORM_COMPANY_ID,
        PLATFORM_DUE_DATE,
      ]);
    }
    if (production) return;

    if (!(await manager.exists(CompanyEntity, { where: { id: DEMO_COMPANY_ID } }))) {
      await createCompany.execute(
        {
          name: 'Empresa Demo',
          email: 'admin@demo.local',
          phone: '11999990000',
          status: true,
          planId: await planId('Profissional'),
          dueDate: PLATFORM_DUE_DATE,
          recurrence: 'MENSAL',
          password: DEMO_PASSWORD,
          adminName: 'Administrador Demo',
        },
        { id: DEMO_COMPANY_ID },
      );
    }
    // tickets seeds these queues for company 2; the projection rows let the agent be seeded with them at once
    // (the queue events from tickets update the same rows later)
    for (const queue of [
      { id: 1, name: 'Vendas', color: '#2196f3' },
      { id: 2, name: 'Suporte', color: '#4caf50' },
    ]) {
      await manager.query(
        'INSERT INTO queues (company_id, id, name, color) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING',
        [DEMO_COMPANY_ID, queue.id, queue.name, queue.color],
      );
    }
    if (!(await manager.exists(UserEntity, { where: { email: 'agente@demo.local' } }))) {
      await createUser.insert(manager, DEMO_COMPANY_ID, {
        name: 'Agente Demo',
        email: 'agente@demo.local',
        password: DEMO_PASSWORD,
        profile: 'user',
        queueIds: [1, 2],
        allTicket: 'disable',
      });
    }
  });
}
