import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query } from '@nestjs/common';
import { hasMorePages } from '@cs/proto/common';
import {
  type Help,
  type HelpRequest,
  HelpRequestSchema,
  type HelpUpdateRequest,
  HelpUpdateRequestSchema,
  type ListQuery,
  ListQuerySchema,
} from '@cs/proto/http';
import { TransactionHost } from '@cs/platform/database';
import { DomainError } from '@cs/platform/errors';
import { IdPipe, ZodPipe } from '@cs/platform/http';
import { SuperOnly } from '@cs/platform/tenancy';
import { HelpEntity } from './help.entity.js';
import { SaveHelpUseCase } from './use-cases/save-help.use-case.js';

const helpId = new IdPipe('ERR_NO_HELP_FOUND');
const PAGE_LENGTH = 20;

const toHelp = (help: HelpEntity): Help => ({
  id: help.id,
  title: help.title,
  description: help.description,
  video: help.video,
  link: help.link,
  createdAt: help.createdAt.toISOString(),
  updatedAt: help.updatedAt.toISOString(),
});

/** Help videos: every signed-in user reads them, super users write them. */
@Controller('helps')
export class HelpsController {
  constructor(
    private readonly transactions: TransactionHost,
    private readonly saveHelp: SaveHelpUseCase,
  ) {}

  @Get()
  async index(@Query(new ZodPipe(ListQuerySchema)) query: ListQuery) {
    const offset = ((query.pageNumber ?? 1) - 1) * PAGE_LENGTH;
    const builder = this.transactions.manager.createQueryBuilder(HelpEntity, 'help');
    const search = query.searchParam?.trim().toLowerCase();
    if (search)
      builder.where('lower(help.title) LIKE :search', { search: `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%` });
    const [rows, count] = await builder.orderBy('help.id', 'ASC').skip(offset).take(PAGE_LENGTH).getManyAndCount();
    return { records: rows.map(toHelp), count, hasMore: hasMorePages(count, offset, rows.length) };
  }

  @Get('list')
  async list() {
    return (await this.transactions.manager.find(HelpEntity, { order: { id: 'ASC' } })).map(toHelp);
  }

  @Get(':id')
  async show(@Param('id', helpId) id: number) {
    const help = await this.transactions.manager.findOne(HelpEntity, { where: { id } });
    if (!help) throw new DomainError('ERR_NO_HELP_FOUND');
    return toHelp(help);
  }

  @SuperOnly()
  @Post()
  @HttpCode(200)
  async store(@Body(new ZodPipe(HelpRequestSchema)) body: HelpRequest) {
    return toHelp(await this.saveHelp.create(body));
  }

  @SuperOnly()
  @Put(':id')
  async update(@Param('id', helpId) id: number, @Body(new ZodPipe(HelpUpdateRequestSchema)) body: HelpUpdateRequest) {
    return toHelp(await this.saveHelp.update(id, body));
  }

  @SuperOnly()
  @Delete(':id')
  @HttpCode(200)
  async remove(@Param('id', helpId) id: number) {
    await this.saveHelp.remove(id);
    return { message: 'Help deleted' };
  }
}
