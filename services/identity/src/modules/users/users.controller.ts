import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query } from '@nestjs/common';
import {
  type CreateUserRequest,
  CreateUserRequestSchema,
  type ListQuery,
  ListQuerySchema,
  PresenceRequestSchema,
  type UpdateUserRequest,
  UpdateUserRequestSchema,
} from '@cs/proto/http';
import { TransactionHost } from '@cs/platform/database';
import { IdPipe, ZodPipe } from '@cs/platform/http';
import { CurrentIdentity, type Identity, Roles } from '@cs/platform/tenancy';
import { type SessionUser, serializedUser } from '../auth/session-user.js';
import type { UserResponse } from './users.mapper.js';
import { findCompanyUser, UsersQueries } from './users.queries.js';
import { CreateUserUseCase } from './use-cases/create-user.use-case.js';
import { DeleteUserUseCase } from './use-cases/delete-user.use-case.js';
import { RecordPresenceUseCase } from './use-cases/record-presence.use-case.js';
import { UpdateUserUseCase } from './use-cases/update-user.use-case.js';

@Controller('users')
export class UsersController {
  constructor(
    private readonly queries: UsersQueries,
    private readonly createUser: CreateUserUseCase,
    private readonly updateUser: UpdateUserUseCase,
    private readonly deleteUser: DeleteUserUseCase,
  ) {}

  @Get()
  index(@CurrentIdentity() caller: Identity, @Query(new ZodPipe(ListQuerySchema)) query: ListQuery) {
    return this.queries.page(caller.companyId, query);
  }

  @Get('list')
  list(@CurrentIdentity() caller: Identity): Promise<UserResponse[]> {
    return this.queries.list(caller.companyId);
  }

  @Get(':id')
  show(@CurrentIdentity() caller: Identity, @Param('id', new IdPipe('ERR_NO_USER_FOUND')) id: number) {
    return this.queries.one(caller.companyId, id);
  }

  @Roles('admin')
  @Post()
  @HttpCode(200)
  store(@CurrentIdentity() caller: Identity, @Body(new ZodPipe(CreateUserRequestSchema)) body: CreateUserRequest) {
    return this.createUser.execute(caller, body);
  }

  @Put(':id')
  update(
    @CurrentIdentity() caller: Identity,
    @Param('id', new IdPipe('ERR_NO_USER_FOUND')) id: number,
    @Body(new ZodPipe(UpdateUserRequestSchema)) body: UpdateUserRequest,
  ) {
    return this.updateUser.execute(caller, id, body);
  }

  @Roles('admin')
  @Delete(':id')
  @HttpCode(200)
  async remove(
    @CurrentIdentity() caller: Identity,
    @Param('id', new IdPipe('ERR_NO_USER_FOUND')) id: number,
  ): Promise<{ message: string }> {
    await this.deleteUser.execute(caller, id);
    return { message: 'User deleted' };
  }
}

/**
 * Presence from the gateway's sockets, and the serialized user the gateway sends with `company-{id}-user`; not
 * routed by the gateway, so browsers cannot reach it.
 */
@Controller('internal')
export class PresenceController {
  constructor(
    private readonly recordPresence: RecordPresenceUseCase,
    private readonly transactions: TransactionHost,
  ) {}

  /** The user with its queues and company, as login returns it (ERR_NO_USER_FOUND outside the caller's company). */
  @Get('users/:id')
  async serialized(
    @CurrentIdentity() caller: Identity,
    @Param('id', new IdPipe('ERR_NO_USER_FOUND')) id: number,
  ): Promise<SessionUser> {
    const manager = this.transactions.manager;
    return serializedUser(manager, await findCompanyUser(manager, caller.companyId, id));
  }

  @Post('presence')
  @HttpCode(204)
  async presence(
    @CurrentIdentity() caller: Identity,
    @Body(new ZodPipe(PresenceRequestSchema)) body: { online: boolean },
  ) {
    await this.recordPresence.execute(caller, body.online);
  }
}
