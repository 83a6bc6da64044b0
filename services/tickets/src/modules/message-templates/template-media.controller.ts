import { Controller, HttpCode, Post, UploadedFiles, UseInterceptors } from '@nestjs/common';
import type { CompanyId } from '@cs/proto/common';
import type { TemplateMediaUpload } from '@cs/proto/http';
import { LimitedFilesInterceptor } from '@cs/platform/uploads';
import { CompanyIdParam } from '@cs/platform/tenancy';
import { MediaStorage, mediaUpload, type UploadedFile } from '../media/media.storage.js';

/** What Meta takes in a template's media header: JPEG/PNG images, MP4/3GPP videos, PDF documents. */
const TEMPLATE_MEDIA_TYPES = ['image/jpeg', 'image/png', 'video/mp4', 'video/3gpp', 'application/pdf'] as const;

/**
 * `POST /message-templates/media` (multipart `file`): a media header's file, checked by its bytes and stored under
 * `<company>/templates/`; the answer's `url` is what a template send's `values.headerMedia` then names.
 */
@Controller('message-templates')
export class TemplateMediaController {
  constructor(private readonly media: MediaStorage) {}

  @Post('media')
  @HttpCode(200)
  @UseInterceptors(LimitedFilesInterceptor('file', 1, mediaUpload('templates', TEMPLATE_MEDIA_TYPES)))
  async upload(
    @CompanyIdParam() companyId: CompanyId,
    @UploadedFiles() files: UploadedFile[] | undefined,
  ): Promise<TemplateMediaUpload> {
    const stored = await this.media.save(companyId, 'templates', files?.[0], TEMPLATE_MEDIA_TYPES);
    return { url: this.media.urlOf(stored.path), name: stored.name, mimeType: stored.mimeType };
  }
}
