import { Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import type { CompanyId } from '@cs/proto/common';
import type { MessageTemplateList } from '@cs/proto/http';
import { IdPipe } from '@cs/platform/http';
import { CompanyIdParam, Roles } from '@cs/platform/tenancy';
import { TemplatesService } from './templates.service.js';

/** `/whatsapp/{id}/templates`: a Cloud API connection's message templates (another company's connection: 404). */
@Controller('whatsapp')
export class TemplatesController {
  constructor(private readonly templates: TemplatesService) {}

  @Get(':id/templates')
  async list(
    @CompanyIdParam() companyId: CompanyId,
    @Param('id', new IdPipe('ERR_NO_WAPP_FOUND')) id: number,
  ): Promise<MessageTemplateList> {
    return { templates: await this.templates.list(companyId, id) };
  }

  @Post(':id/templates/sync')
  @HttpCode(200)
  @Roles('admin')
  async sync(
    @CompanyIdParam() companyId: CompanyId,
    @Param('id', new IdPipe('ERR_NO_WAPP_FOUND')) id: number,
  ): Promise<MessageTemplateList> {
    return { templates: await this.templates.sync(companyId, id) };
  }
}
