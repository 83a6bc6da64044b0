import {
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  Param,
  Post,
  Put,
  Query,
  Req,
  Res,
  UploadedFiles,
  UseInterceptors,
} from '@nestjs/common';
import type { Request, Response } from 'express';
import { hasMorePages, PLATFORM_COMPANY_ID } from '@cs/proto/common';
import {
  type AnnouncementRequest,
  AnnouncementRequestSchema,
  AnnouncementUpdateRequestSchema,
  type ListQuery,
  ListQuerySchema,
} from '@cs/proto/http';
import { TransactionHost } from '@cs/platform/database';
import { DomainError } from '@cs/platform/errors';
import { IdPipe, ZodPipe } from '@cs/platform/http';
import { CurrentIdentity, type Identity, Public } from '@cs/platform/tenancy';
import { LimitedFilesInterceptor } from '@cs/platform/uploads';
import { AnnouncementEntity } from './announcement.entity.js';
import { toAnnouncement } from './announcements.mapper.js';
import { ANNOUNCEMENT_IMAGE_TYPES, AnnouncementMediaStore, MAX_IMAGE_BYTES } from './media-store.js';
import { SaveAnnouncementUseCase } from './use-cases/save-announcement.use-case.js';

const announcementId = new IdPipe('ERR_NO_ANNOUNCEMENT_FOUND');
const PAGE_LENGTH = 20;
/** An announcement's image: a PNG or JPEG by its first bytes (415 at once), up to 5 MiB, streamed into the store. */
const IMAGE_UPLOAD = {
  maxBytes: () => MAX_IMAGE_BYTES,
  allowed: ANNOUNCEMENT_IMAGE_TYPES,
  store: { provider: AnnouncementMediaStore, target: (media: AnnouncementMediaStore) => media.uploadTarget() },
};
const isAnnouncer = (caller: Identity): boolean => caller.isSuper && caller.companyId === PLATFORM_COMPANY_ID;

/** Announcements: the platform's super users write; every company reads the active ones. */
@Controller('announcements')
export class AnnouncementsController {
  constructor(
    private readonly transactions: TransactionHost,
    private readonly save: SaveAnnouncementUseCase,
    private readonly media: AnnouncementMediaStore,
  ) {}

  @Get()
  async index(@CurrentIdentity() caller: Identity, @Query(new ZodPipe(ListQuerySchema)) query: ListQuery) {
    const offset = ((query.pageNumber ?? 1) - 1) * PAGE_LENGTH;
    const builder = this.transactions.manager.createQueryBuilder(AnnouncementEntity, 'announcement');
    builder.where(isAnnouncer(caller) ? 'announcement.company_id = :companyId' : 'announcement.status = true', {
      companyId: caller.companyId,
    });
    const search = query.searchParam?.trim().toLowerCase();
    if (search) {
      builder.andWhere('lower(announcement.title) LIKE :search', {
        search: `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`,
      });
    }
    const [rows, count] = await builder
      .orderBy('announcement.priority', 'ASC')
      .addOrderBy('announcement.created_at', 'DESC')
      .skip(offset)
      .take(PAGE_LENGTH)
      .getManyAndCount();
    return { records: rows.map(toAnnouncement), count, hasMore: hasMorePages(count, offset, rows.length) };
  }

  @Get('list')
  async list() {
    const rows = await this.transactions.manager.find(AnnouncementEntity, {
      where: { status: true },
      order: { priority: 'ASC', createdAt: 'DESC' },
    });
    return rows.map(toAnnouncement);
  }

  /** An announcement's image: public (an `<img>` sends no token) under an unguessable name. */
  @Public()
  @Get('media/:file')
  async image(@Param('file') file: string, @Req() request: Request, @Res() response: Response): Promise<void> {
    await this.media.serve(file, request, response);
  }

  @Get(':id')
  async show(@CurrentIdentity() caller: Identity, @Param('id', announcementId) id: number) {
    const row = await this.transactions.manager.findOne(AnnouncementEntity, {
      where: isAnnouncer(caller) ? { id, companyId: caller.companyId } : { id, status: true },
    });
    if (!row) throw new DomainError('ERR_NO_ANNOUNCEMENT_FOUND');
    return toAnnouncement(row);
  }

  @Post()
  @HttpCode(200)
  store(@CurrentIdentity() caller: Identity, @Body(new ZodPipe(AnnouncementRequestSchema)) body: AnnouncementRequest) {
    return this.save.create(caller, body);
  }

  @Put(':id')
  update(
    @CurrentIdentity() caller: Identity,
    @Param('id', announcementId) id: number,
    @Body(new ZodPipe(AnnouncementUpdateRequestSchema)) body: Partial<AnnouncementRequest>,
  ) {
    return this.save.update(caller, id, body);
  }

  @Post(':id/media-upload')
  @HttpCode(200)
  @UseInterceptors(LimitedFilesInterceptor('file', 1, IMAGE_UPLOAD))
  async upload(
    @CurrentIdentity() caller: Identity,
    @Param('id', announcementId) id: number,
    @UploadedFiles() files: Array<{ key: string; originalname: string }> | undefined,
  ) {
    const file = files?.[0];
    if (!file) throw new DomainError('ERR_VALIDATION', { details: [{ path: 'file', message: 'Obrigatório' }] });
    return this.save.attach(caller, id, file);
  }

  @Delete(':id/media-upload')
  @HttpCode(200)
  detach(@CurrentIdentity() caller: Identity, @Param('id', announcementId) id: number) {
    return this.save.detach(caller, id);
  }

  @Delete(':id')
  @HttpCode(200)
  async remove(@CurrentIdentity() caller: Identity, @Param('id', announcementId) id: number) {
    await this.save.remove(caller, id);
    return { message: 'Announcement deleted' };
  }
}
