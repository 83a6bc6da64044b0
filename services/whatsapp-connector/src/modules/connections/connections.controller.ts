import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query } from '@nestjs/common';
import type { CompanyId } from '@cs/proto/common';
import {
  type ConnectionResponse,
  type ConnectionView,
  type CreateConnectionBody,
  CreateConnectionSchema,
  ListConnectionsQuerySchema,
  type MessageResponse,
  type RotatedConnection,
  type UpdateConnectionBody,
  UpdateConnectionSchema,
} from '@cs/proto/http';
import { IdPipe, ZodPipe } from '@cs/platform/http';
import { CompanyIdParam, Roles } from '@cs/platform/tenancy';
import { ConnectionsQueries } from './connections.queries.js';
import { DeleteConnectionUseCase } from './use-cases/delete-connection.use-case.js';
import { SaveConnectionUseCase } from './use-cases/save-connection.use-case.js';

/** A connection as GET answers it: never its external-API token (shown once by the call that set it). */
function withoutToken(connection: ConnectionResponse): ConnectionView {
  const { token: _token, ...rest } = connection;
  return rest;
}

/** `/whatsapp` (spec §7): `GET /whatsapp` and `GET /whatsapp/?session=0` answer the same list. */
@Controller('whatsapp')
export class ConnectionsController {
  constructor(
    private readonly queries: ConnectionsQueries,
    private readonly save: SaveConnectionUseCase,
    private readonly remove: DeleteConnectionUseCase,
  ) {}

  @Get()
  async list(
    @CompanyIdParam() companyId: CompanyId,
    // `?session=0` (upstream's clients): accepted and ignored
    @Query(new ZodPipe(ListConnectionsQuerySchema)) _query: unknown,
  ): Promise<ConnectionView[]> {
    return (await this.queries.list(companyId)).map(withoutToken);
  }

  @Get(':id')
  async show(
    @CompanyIdParam() companyId: CompanyId,
    @Param('id', new IdPipe('ERR_NO_WAPP_FOUND')) id: number,
  ): Promise<ConnectionView> {
    return withoutToken(await this.queries.find(companyId, id));
  }

  @Post()
  @HttpCode(200)
  @Roles('admin')
  create(
    @CompanyIdParam() companyId: CompanyId,
    @Body(new ZodPipe(CreateConnectionSchema)) body: CreateConnectionBody,
  ): Promise<ConnectionResponse> {
    return this.save.create(companyId, body);
  }

  @Put(':id')
  @Roles('admin')
  update(
    @CompanyIdParam() companyId: CompanyId,
    @Param('id', new IdPipe('ERR_NO_WAPP_FOUND')) id: number,
    @Body(new ZodPipe(UpdateConnectionSchema)) body: UpdateConnectionBody,
  ): Promise<ConnectionResponse> {
    return this.save.update(companyId, id, body);
  }

  /** A new generated external-API token; the old one stops working. The answer is the only place it shows. */
  @Post(':id/token')
  @HttpCode(200)
  @Roles('admin')
  rotateToken(
    @CompanyIdParam() companyId: CompanyId,
    @Param('id', new IdPipe('ERR_NO_WAPP_FOUND')) id: number,
  ): Promise<RotatedConnection> {
    return this.save.rotateToken(companyId, id);
  }

  @Delete(':id')
  @Roles('admin')
  async delete(
    @CompanyIdParam() companyId: CompanyId,
    @Param('id', new IdPipe('ERR_NO_WAPP_FOUND')) id: number,
  ): Promise<MessageResponse> {
    await this.remove.execute(companyId, id);
    return { message: 'Whatsapp deleted.' };
  }
}
