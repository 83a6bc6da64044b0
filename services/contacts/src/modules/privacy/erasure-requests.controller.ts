import { Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import type { CompanyId } from '@cs/proto/common';
import {
  type ErasureRequest,
  type ErasureRequestListQuery,
  ErasureRequestListQuerySchema,
  type ErasureRequestPage,
  ErasureRequestParamsSchema,
} from '@cs/proto/http';
import { IdPipe, ZodPipe } from '@cs/platform/http';
import { CompanyIdParam, CurrentIdentity, type Identity, Roles } from '@cs/platform/tenancy';
import { ErasureRequestsQueries } from './erasure-requests.queries.js';
import { RequestErasureUseCase } from './request-erasure.use-case.js';

/** LGPD erasure: admins ask for it on a contact and follow each holding service's confirmation. */
@Roles('admin')
@Controller()
export class ErasureRequestsController {
  constructor(
    private readonly requestErasure: RequestErasureUseCase,
    private readonly queries: ErasureRequestsQueries,
  ) {}

  @Post('contacts/:contactId/erasure')
  @HttpCode(200)
  request(
    @CompanyIdParam() companyId: CompanyId,
    @CurrentIdentity() user: Identity,
    @Param('contactId', new IdPipe('ERR_NO_CONTACT_FOUND')) contactId: number,
  ): Promise<ErasureRequest> {
    return this.requestErasure.execute(companyId, contactId, user.userId);
  }

  @Get('privacy/erasure-requests')
  list(
    @CompanyIdParam() companyId: CompanyId,
    @Query(new ZodPipe(ErasureRequestListQuerySchema)) query: ErasureRequestListQuery,
  ): Promise<ErasureRequestPage> {
    return this.queries.list(companyId, query);
  }

  @Get('privacy/erasure-requests/:id')
  show(
    @CompanyIdParam() companyId: CompanyId,
    @Param(new ZodPipe(ErasureRequestParamsSchema)) params: { id: string },
  ): Promise<ErasureRequest> {
    return this.queries.findOne(companyId, params.id);
  }
}
