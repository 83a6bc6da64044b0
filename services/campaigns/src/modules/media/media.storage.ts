import { randomUUID } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { extname, join, resolve } from 'node:path';
import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG } from '@cs/platform/config';
import { DomainError } from '@cs/platform/errors';
import type { CampaignsConfig } from '../../config/env.js';

/** An uploaded file as multer's memory storage hands it over. */
export interface UploadedFile {
  readonly originalname: string;
  readonly mimetype: string;
  readonly size: number;
  readonly buffer: Buffer;
}

export const MEDIA_ROUTE = 'files/media';

/** What a campaign or a file list may carry: images, audio, video, documents (pdf, office, text). */
export const ALLOWED_TYPES = /^(image|audio|video)\/|^application\/|^text\/(plain|csv)$/;

/**
 * The service's media folder. Files are stored under `<dir>/<company>/<folder>/<uuid>-<name>` (the random
 * part makes URLs unguessable) and served at `/files/media/<path>` behind the gateway, where the connector
 * downloads what a campaign sends.
 */
@Injectable()
export class MediaStorage {
  private readonly dir: string;

  constructor(@Inject(APP_CONFIG) private readonly config: CampaignsConfig) {
    this.dir = resolve(config.CAMPAIGNS_MEDIA_DIR);
  }

  get root(): string {
    return this.dir;
  }

  urlOf(path: string): string {
    return `${this.config.PUBLIC_URL.replace(/\/$/, '')}/${MEDIA_ROUTE}/${path}`;
  }

  async save(
    companyId: number,
    folder: string,
    file: UploadedFile | undefined,
  ): Promise<{ path: string; name: string; mimeType: string }> {
    if (!file) throw new DomainError('ERR_VALIDATION', { message: 'Nenhum arquivo enviado.' });
    if (file.size > this.config.CAMPAIGNS_MEDIA_MAX_BYTES) throw new DomainError('ERR_PAYLOAD_TOO_LARGE');
    if (!ALLOWED_TYPES.test(file.mimetype)) throw new DomainError('ERR_UNSUPPORTED_MEDIA_TYPE');
    const name = Buffer.from(file.originalname, 'latin1').toString('utf8').replace(/\s+/g, '_').replace(/[/\\]/g, '_');
    const safe = name.replace(/[^\w.\-À-ÿ]/g, '_').slice(-120) || `arquivo${extname(name)}`;
    const relative = `${companyId}/${folder}/${randomUUID()}-${safe}`;
    await mkdir(join(this.dir, `${companyId}`, folder), { recursive: true });
    await writeFile(join(this.dir, relative), file.buffer);
    return { path: relative, name, mimeType: file.mimetype };
  }

  async remove(path: string | null): Promise<void> {
    if (!path) return;
    const absolute = resolve(this.dir, path);
    if (!absolute.startsWith(`${this.dir}/`)) return;
    await rm(absolute, { force: true });
  }

  resolvePath(path: string): string | null {
    const absolute = resolve(this.dir, path);
    return absolute.startsWith(`${this.dir}/`) ? absolute : null;
  }
}
