import type { EntityManager } from 'typeorm';
import type { CompanyId } from '@cs/proto/common';
import { DomainError, validationError } from '@cs/platform/errors';
import { ConnectionEntity } from '../connections/connection.entity.js';
import { findQueues } from '../queues/queues.queries.js';
import { UserEntity } from './user.entity.js';

/** E-mails are unique across companies: login is by e-mail alone. */
export async function assertEmailFree(manager: EntityManager, email: string, exceptUserId?: number): Promise<void> {
  const builder = manager.createQueryBuilder(UserEntity, 'user').where('lower(user.email) = lower(:email)', { email });
  if (exceptUserId !== undefined) builder.andWhere('user.id <> :id', { id: exceptUserId });
  if (await builder.getExists()) throw new DomainError('ERR_USER_EMAIL_ALREADY_EXISTS');
}

/**
 * Every queue id must be one of the company's queues (identity's projection of tickets.queue.v1), all or
 * nothing: another company's queue id is refused like an unknown one.
 */
export async function assertQueuesOfCompany(
  manager: EntityManager,
  companyId: CompanyId,
  queueIds: readonly number[],
): Promise<void> {
  if (queueIds.length === 0) return;
  const found = new Set((await findQueues(manager, companyId, queueIds)).map((queue) => queue.id));
  const unknown = queueIds.filter((id) => !found.has(id));
  if (unknown.length > 0) {
    throw validationError([{ path: 'queueIds', message: `Fila(s) não encontrada(s): ${unknown.join(', ')}` }]);
  }
}

/** A default connection must be one of the company's (identity's projection of the connector's connections). */
export async function assertConnectionOfCompany(
  manager: EntityManager,
  companyId: CompanyId,
  whatsappId: number | null | undefined,
): Promise<void> {
  if (whatsappId === null || whatsappId === undefined) return;
  if (!(await manager.exists(ConnectionEntity, { where: { companyId, id: whatsappId } }))) {
    throw validationError([{ path: 'whatsappId', message: 'Conexão não encontrada' }]);
  }
}
