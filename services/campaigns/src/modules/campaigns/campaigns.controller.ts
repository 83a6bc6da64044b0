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
  type CampaignBody,
  CampaignBodySchema,
  type CampaignFailures,
  type CampaignPage,
  type CampaignResponse,
  type ListCampaignsQuery,
  ListCampaignsQuerySchema,
  type MessageResponse,
} from '@cs/proto/http';
import { IdPipe, ZodPipe } from '@cs/platform/http';
import { CompanyIdParam, Roles } from '@cs/platform/tenancy';
import { LimitedFilesInterceptor } from '@cs/platform/uploads';
import { mediaUpload, type UploadedFile } from '../media/media.storage.js';
import { CampaignsEnabledGuard } from '../projections/campaigns-enabled.guard.js';
import { CampaignsRepository } from './campaigns.repository.js';
import { CampaignsService } from './campaigns.service.js';

const campaignId = new IdPipe('ERR_NO_CAMPAIGN_FOUND');

@Controller('campaigns')
@Roles('admin')
@UseGuards(CampaignsEnabledGuard)
export class CampaignsController {
  constructor(
    private readonly campaigns: CampaignsRepository,
    private readonly service: CampaignsService,
  ) {}

  @Get()
  list(
    @CompanyIdParam() companyId: CompanyId,
    @Query(new ZodPipe(ListCampaignsQuerySchema)) query: ListCampaignsQuery,
  ): Promise<CampaignPage> {
    return this.campaigns.list(companyId, query);
  }

  @Get('list')
  all(@CompanyIdParam() companyId: CompanyId): Promise<CampaignResponse[]> {
    return this.campaigns.all(companyId);
  }

  /** The report's failed contacts: who could not be sent to and why (a Cloud API template refused, ...). */
  @Get(':id/failures')
  failures(@CompanyIdParam() companyId: CompanyId, @Param('id', campaignId) id: number): Promise<CampaignFailures> {
    return this.campaigns.failures(companyId, id);
  }

  @Get(':id')
  show(@CompanyIdParam() companyId: CompanyId, @Param('id', campaignId) id: number): Promise<CampaignResponse> {
    return this.campaigns.find(companyId, id);
  }

  @Post()
  @HttpCode(200)
  create(
    @CompanyIdParam() companyId: CompanyId,
    @Body(new ZodPipe(CampaignBodySchema)) body: CampaignBody,
  ): Promise<CampaignResponse> {
    return this.service.create(companyId, body);
  }

  @Put(':id')
  update(
    @CompanyIdParam() companyId: CompanyId,
    @Param('id', campaignId) id: number,
    @Body(new ZodPipe(CampaignBodySchema)) body: CampaignBody,
  ): Promise<CampaignResponse> {
    return this.service.update(companyId, id, body);
  }

  @Delete(':id')
  async remove(@CompanyIdParam() companyId: CompanyId, @Param('id', campaignId) id: number): Promise<MessageResponse> {
    await this.service.remove(companyId, id);
    return { message: 'Campaign deleted' };
  }

  @Post(':id/cancel')
  @HttpCode(204)
  async cancel(@CompanyIdParam() companyId: CompanyId, @Param('id', campaignId) id: number): Promise<void> {
    await this.service.cancel(companyId, id);
  }

  @Post(':id/restart')
  @HttpCode(204)
  async restart(@CompanyIdParam() companyId: CompanyId, @Param('id', campaignId) id: number): Promise<void> {
    await this.service.restart(companyId, id);
  }

  /**
   * Multipart `file`: the campaign's media, sent with the message as its caption. Size-limited while it streams;
   * the stored type is sniffed from the bytes (HTML, SVG, XHTML: 415, nothing stored).
   */
  @Post(':id/media-upload')
  @HttpCode(200)
  @UseInterceptors(LimitedFilesInterceptor('file', 1, mediaUpload('campaign', 'ERR_NO_CAMPAIGN_FOUND')))
  attach(
    @CompanyIdParam() companyId: CompanyId,
    @Param('id', campaignId) id: number,
    @UploadedFiles() files: UploadedFile[] | undefined,
  ): Promise<CampaignResponse> {
    return this.service.attachMedia(companyId, id, files?.[0]);
  }

  @Delete(':id/media-upload')
  detach(@CompanyIdParam() companyId: CompanyId, @Param('id', campaignId) id: number): Promise<CampaignResponse> {
    return this.service.removeMedia(companyId, id);
  }
}
