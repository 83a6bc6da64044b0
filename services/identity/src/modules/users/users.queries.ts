import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { type CompanyId, hasMorePages } from '@cs/proto/common';
import type { ListQuery } from '@cs/proto/http';
import { TransactionHost } from '@cs/platform/database';
import { DomainError } from '@cs/platform/errors';
import { ConnectionEntity } from '../connections/connection.entity.js';
import { findQueues } from '../queues/queues.queries.js';
import { QueueEntity } from '../queues/queue.entity.js';
import { UserEntity } from './user.entity.js';
import { toUserResponse, type UserResponse } from './users.mapper.js';

const PAGE_LENGTH = 20;

/** A user of the company, or ERR_NO_USER_FOUND (also for another company's user). */
export async function findCompanyUser(manager: EntityManager, companyId: CompanyId, id: number): Promise<UserEntity> {
  const user = await manager.findOne(UserEntity, { where: { companyId, id } });
  if (!user) throw new DomainError('ERR_NO_USER_FOUND');
  return user;
}

export async function userResponse(
  manager: EntityManager,
  companyId: CompanyId,
  user: UserEntity,
): Promise<UserResponse> {
  const connections =
    user.whatsappId === null ? [] : await manager.find(ConnectionEntity, { where: { companyId, id: user.whatsappId } });
  return toUserResponse(user, await findQueues(manager, companyId, user.queueIds), connections);
}

@Injectable()
export class UsersQueries {
  constructor(private readonly transactions: TransactionHost) {}

  async page(
    companyId: CompanyId,
    query: ListQuery,
  ): Promise<{ users: UserResponse[]; count: number; hasMore: boolean }> {
    const pageNumber = query.pageNumber ?? 1;
    const offset = (pageNumber - 1) * PAGE_LENGTH;
    const builder = this.transactions.manager
      .createQueryBuilder(UserEntity, 'user')
      .where('user.company_id = :companyId', { companyId });
    const search = query.searchParam?.trim().toLowerCase();
    if (search) {
      builder.andWhere('(lower(user.name) LIKE :search OR lower(user.email) LIKE :search)', {
        search: `%${search.replace(/[\\%_]/g, (char) => `\\${char}`)}%`,
      });
    }
    const [users, count] = await builder
      .orderBy('user.name', 'ASC')
      .addOrderBy('user.id', 'ASC')
      .skip(offset)
      .take(PAGE_LENGTH)
      .getManyAndCount();
    const queues = await this.companyQueues(companyId);
    const connections = await this.companyConnections(companyId);
    return {
      users: users.map((user) => toUserResponse(user, queues, connections)),
      count,
      hasMore: hasMorePages(count, offset, users.length),
    };
  }

  async list(companyId: CompanyId): Promise<UserResponse[]> {
    const users = await this.transactions.manager.find(UserEntity, { where: { companyId }, order: { name: 'ASC' } });
    const queues = await this.companyQueues(companyId);
    const connections = await this.companyConnections(companyId);
    return users.map((user) => toUserResponse(user, queues, connections));
  }

  async one(companyId: CompanyId, id: number): Promise<UserResponse> {
    const manager = this.transactions.manager;
    return userResponse(manager, companyId, await findCompanyUser(manager, companyId, id));
  }

  private companyConnections(companyId: CompanyId): Promise<ConnectionEntity[]> {
    return this.transactions.manager.find(ConnectionEntity, { where: { companyId } });
  }

  private companyQueues(companyId: CompanyId): Promise<QueueEntity[]> {
    return this.transactions.manager.find(QueueEntity, { where: { companyId } });
  }
}
