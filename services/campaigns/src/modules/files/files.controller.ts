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
  UploadedFiles,
  UseGuards,
  UseInterceptors,
} from '@nestjs/common';
import type { CompanyId } from '@cs/proto/common';
import {
  type FileListBody,
  FileListBodySchema,
  type FileListPage,
  type FileListResponse,
  type FileListUpdate,
  FileListUpdateSchema,
  type ListFilesQuery,
  ListFilesQuerySchema,
  type MessageResponse,
  type UploadListFields,
  UploadListFieldsSchema,
} from '@cs/proto/http';
import { IdPipe, ZodPipe } from '@cs/platform/http';
import { CompanyIdParam, CurrentIdentity, type Identity, Roles } from '@cs/platform/tenancy';
import { LimitedFilesInterceptor } from '@cs/platform/uploads';
import { CampaignsEnabledGuard } from '../projections/campaigns-enabled.guard.js';
import { mediaUpload, type UploadedFile } from '../media/media.storage.js';
import { FilesRepository } from './files.repository.js';

/**
 * File lists (`/files`): name, message and options, each option with one uploaded file. A campaigns feature: the
 * plan's `useCampaigns` and the company's `campaignsEnabled` gate them as they gate `/campaigns`.
 */
@Controller('files')
@Roles('admin')
@UseGuards(CampaignsEnabledGuard)
export class FilesController {
  constructor(private readonly files: FilesRepository) {}

  @Get()
  list(
    @CompanyIdParam() companyId: CompanyId,
    @Query(new ZodPipe(ListFilesQuerySchema)) query: ListFilesQuery,
  ): Promise<FileListPage> {
    return this.files.list(companyId, query);
  }

  @Get('list')
  all(@CompanyIdParam() companyId: CompanyId): Promise<FileListResponse[]> {
    return this.files.all(companyId);
  }

  @Get(':id')
  show(
    @CompanyIdParam() companyId: CompanyId,
    @Param('id', new IdPipe('ERR_NO_FILE_LIST_FOUND')) id: number,
  ): Promise<FileListResponse> {
    return this.files.find(companyId, id);
  }

  @Post()
  @HttpCode(200)
  create(
    @CurrentIdentity() identity: Identity,
    @Body(new ZodPipe(FileListBodySchema)) body: FileListBody,
  ): Promise<FileListResponse> {
    return this.files.create(identity.companyId, identity.userId, body);
  }

  @Put(':id')
  update(
    @CompanyIdParam() companyId: CompanyId,
    @Param('id', new IdPipe('ERR_NO_FILE_LIST_FOUND')) id: number,
    @Body(new ZodPipe(FileListUpdateSchema)) body: FileListUpdate,
  ): Promise<FileListResponse> {
    return this.files.update(companyId, id, body);
  }

  @Delete(':id')
  async remove(
    @CompanyIdParam() companyId: CompanyId,
    @Param('id', new IdPipe('ERR_NO_FILE_LIST_FOUND')) id: number,
  ): Promise<MessageResponse> {
    await this.files.remove(companyId, id);
    return { message: 'File List deleted' };
  }

  /**
   * Multipart `files` with `id` (option ids, one per file; or `name`), `fileId`, `typeArch`, `mediaType` (the
   * declared type, ignored: the stored type is sniffed from the bytes). Each file is size-limited while it streams.
   */
  @Post('uploadList/:id')
  @HttpCode(200)
  @UseInterceptors(LimitedFilesInterceptor('files', 50, mediaUpload('fileList', 'ERR_NO_FILE_LIST_FOUND')))
  uploadList(
    @CompanyIdParam() companyId: CompanyId,
    @Param('id', new IdPipe('ERR_NO_FILE_LIST_FOUND')) id: number,
    @UploadedFiles() files: UploadedFile[] | undefined,
    @Body(new ZodPipe(UploadListFieldsSchema)) fields: UploadListFields,
  ): Promise<FileListResponse> {
    return this.files.upload(companyId, id, files ?? [], fields);
  }
}
