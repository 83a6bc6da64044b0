import type { EntityManager } from 'typeorm';
import { asCompanyId } from '@cs/proto/common';
import { companyResponse, type CompanyResponse, loadCompanyView } from '../companies/companies.queries.js';
import type { UserEntity } from '../users/user.entity.js';
import type { UserResponse } from '../users/users.mapper.js';
import { userResponse } from '../users/users.queries.js';
import type { AccessTokenInput } from './access-token.signer.js';

export type SessionUser = UserResponse & { company: CompanyResponse };

/** A user as the established server serializes it everywhere (login and `company-{id}-user` events). */
export async function serializedUser(manager: EntityManager, user: UserEntity): Promise<SessionUser> {
  const company = companyResponse(await loadCompanyView(manager, user.companyId));
  return { ...(await userResponse(manager, asCompanyId(user.companyId), user)), company };
}

/**
 * The `user` of `/auth/login`, `/auth/refresh_token` and `/auth/me` (whaticket-backend.md §2.14: the company
 * with its settings and due date, the queues, the super flag), and the access token's claims for it.
 */
export async function sessionUserAndClaims(
  manager: EntityManager,
  user: UserEntity,
  sessionId: string,
): Promise<{ user: SessionUser; claims: AccessTokenInput }> {
  const view = await loadCompanyView(manager, user.companyId);
  const company = companyResponse(view);
  const response = await userResponse(manager, asCompanyId(user.companyId), user);
  const plan = view.plan;
  return {
    user: { ...response, company },
    claims: {
      sub: String(user.id),
      cid: user.companyId,
      sid: sessionId,
      profile: user.profile,
      super: user.super,
      queues: [...user.queueIds].sort((a, b) => a - b),
      allTicket: user.allTicket,
      plan: plan
        ? {
            useCampaigns: plan.useCampaigns,
            useSchedules: plan.useSchedules,
            useInternalChat: plan.useInternalChat,
            useExternalApi: plan.useExternalApi,
            useKanban: plan.useKanban,
            useOpenAi: plan.useOpenAi,
            useIntegrations: plan.useIntegrations,
          }
        : null,
      due: view.company.dueDate,
      tz: view.company.timezone,
    },
  };
}
