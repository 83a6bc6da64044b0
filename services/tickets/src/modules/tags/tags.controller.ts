import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query } from '@nestjs/common';
import { type CompanyId, partialUpdateSchema } from '@cs/proto/common';
import type { TagSnapshot, TicketSnapshot } from '@cs/proto/events';
import {
  type ListTagsQuery,
  ListTagsQuerySchema,
  type SyncTagsInput,
  SyncTagsSchema,
  type TagBody,
  TagBodySchema,
} from '@cs/proto/http';
import { DomainError } from '@cs/platform/errors';
import { IdPipe, ZodPipe } from '@cs/platform/http';
import { CompanyIdParam, CurrentIdentity, type Identity, RequiresPlanFlag } from '@cs/platform/tenancy';
import { TagsQueries } from './tags.queries.js';
import { TagsRepository } from './tags.repository.js';
import { CreateTagUseCase } from './use-cases/create-tag.use-case.js';
import { DeleteTagUseCase } from './use-cases/delete-tag.use-case.js';
import { SyncTicketTagsUseCase } from './use-cases/sync-ticket-tags.use-case.js';
import { UpdateTagUseCase } from './use-cases/update-tag.use-case.js';

/** `/tags`: tags (kanban lanes when flagged), with how many tickets carry each; `POST /tags/sync`. */
@Controller('tags')
export class TagsController {
  constructor(
    private readonly queries: TagsQueries,
    private readonly tags: TagsRepository,
    private readonly createTag: CreateTagUseCase,
    private readonly updateTag: UpdateTagUseCase,
    private readonly deleteTag: DeleteTagUseCase,
    private readonly syncTags: SyncTicketTagsUseCase,
  ) {}

  @Get()
  async page(
    @CompanyIdParam() companyId: CompanyId,
    @Query(new ZodPipe(ListTagsQuerySchema)) query: ListTagsQuery,
  ): Promise<{ tags: TagSnapshot[]; count: number; hasMore: boolean }> {
    return this.queries.page(companyId, query);
  }

  @Get('list')
  async list(
    @CompanyIdParam() companyId: CompanyId,
    @Query(new ZodPipe(ListTagsQuerySchema)) query: ListTagsQuery,
  ): Promise<TagSnapshot[]> {
    return this.queries.list(companyId, query);
  }

  @Get('kanban')
  @RequiresPlanFlag('useKanban')
  async kanban(@CompanyIdParam() companyId: CompanyId): Promise<{ lista: TagSnapshot[] }> {
    return { lista: await this.queries.lanes(companyId) };
  }

  @Get(':tagId')
  async show(
    @CompanyIdParam() companyId: CompanyId,
    @Param('tagId', new IdPipe('ERR_NO_TAG_FOUND')) tagId: number,
  ): Promise<TagSnapshot> {
    const tag = await this.tags.find(companyId, tagId);
    if (!tag) throw new DomainError('ERR_NO_TAG_FOUND');
    return tag;
  }

  @Post()
  @HttpCode(200)
  async create(
    @CompanyIdParam() companyId: CompanyId,
    @CurrentIdentity() identity: Identity,
    @Body(new ZodPipe(TagBodySchema)) body: TagBody,
  ): Promise<TagSnapshot> {
    return this.createTag.execute(companyId, identity, body);
  }

  @Post('sync')
  @HttpCode(200)
  async sync(
    @CompanyIdParam() companyId: CompanyId,
    @CurrentIdentity() identity: Identity,
    @Body(new ZodPipe(SyncTagsSchema)) body: SyncTagsInput,
  ): Promise<TicketSnapshot> {
    return this.syncTags.execute(companyId, identity, body);
  }

  @Put(':tagId')
  async update(
    @CompanyIdParam() companyId: CompanyId,
    @CurrentIdentity() identity: Identity,
    @Param('tagId', new IdPipe('ERR_NO_TAG_FOUND')) tagId: number,
    @Body(new ZodPipe(partialUpdateSchema(TagBodySchema))) body: Partial<TagBody>,
  ): Promise<TagSnapshot> {
    return this.updateTag.execute(companyId, identity, tagId, body);
  }

  @Delete(':tagId')
  async remove(
    @CompanyIdParam() companyId: CompanyId,
    @Param('tagId', new IdPipe('ERR_NO_TAG_FOUND')) tagId: number,
  ): Promise<{ message: string }> {
    await this.deleteTag.execute(companyId, tagId);
    return { message: 'Tag deleted' };
  }
}
