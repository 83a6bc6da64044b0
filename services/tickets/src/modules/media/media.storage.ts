import { randomUUID } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { extname, join, resolve } from 'node:path';
import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG } from '@cs/platform/config';
import { DomainError } from '@cs/platform/errors';
import { assertAllowedUpload, UPLOAD_ALLOW_LISTS } from '@cs/platform/uploads';
import type { TicketsConfig } from '../../config/env.js';

/** An uploaded file as multer's memory storage hands it over. */
export interface UploadedFile {
  readonly originalname: string;
  readonly mimetype: string;
  readonly size: number;
  readonly buffer: Buffer;
}

export const MEDIA_ROUTE = 'media/tickets';

export const IMAGE_TYPES = ['image/png', 'image/jpeg'] as const;
const MESSAGE_TYPES = UPLOAD_ALLOW_LISTS.messageMedia;

/** The streaming cap of the upload routes (`LimitedFilesInterceptor`): the configured largest upload. */
export const maxUpload = (config: TicketsConfig): number => config.TICKETS_MEDIA_MAX_BYTES;

/**
 * The service's local media folder. Files are stored under `<dir>/<company>/<folder>/<uuid>-<name>` (the random
 * part makes URLs unguessable) and served by `MediaController` at `/media/tickets/<path>` behind the gateway.
 */
@Injectable()
export class MediaStorage {
  private readonly dir: string;

  constructor(@Inject(APP_CONFIG) private readonly config: TicketsConfig) {
    this.dir = resolve(config.TICKETS_MEDIA_DIR);
  }

  get root(): string {
    return this.dir;
  }

  /** The public URL of a stored path. */
  urlOf(path: string): string {
    return `${this.config.PUBLIC_URL.replace(/\/$/, '')}/${MEDIA_ROUTE}/${path}`;
  }

  /**
   * Checks and stores a file. `allowed`: the route's allow-list, checked against the type sniffed from the bytes
   * (the declared type is ignored: an `.html` declared `image/png` is refused); spaces in the name become
   * underscores (the spec's quick-message rule, applied everywhere).
   */
  async save(
    companyId: number,
    folder: string,
    file: UploadedFile | undefined,
    allowed: readonly string[] = MESSAGE_TYPES,
  ): Promise<{ path: string; name: string; mimeType: string }> {
    if (!file) throw new DomainError('ERR_VALIDATION', { message: 'Nenhum arquivo enviado.' });
    if (file.size > this.config.TICKETS_MEDIA_MAX_BYTES) throw new DomainError('ERR_PAYLOAD_TOO_LARGE');
    const mimeType = await assertAllowedUpload(file, allowed);
    const name = Buffer.from(file.originalname, 'latin1').toString('utf8').replace(/\s+/g, '_').replace(/[/\\]/g, '_');
    const safe = name.replace(/[^\w.\-À-ÿ]/g, '_').slice(-120) || `arquivo${extname(name)}`;
    const relative = `${companyId}/${folder}/${randomUUID()}-${safe}`;
    const absolute = join(this.dir, relative);
    await mkdir(join(this.dir, `${companyId}`, folder), { recursive: true });
    await writeFile(absolute, file.buffer);
    return { path: relative, name, mimeType };
  }

  async remove(path: string | null): Promise<void> {
    if (!path) return;
    const absolute = resolve(this.dir, path);
    if (!absolute.startsWith(this.dir)) return;
    await rm(absolute, { force: true });
  }

  /** The absolute file of a public path, or null when it is outside the folder. */
  resolvePath(path: string): string | null {
    const absolute = resolve(this.dir, path);
    return absolute.startsWith(`${this.dir}/`) ? absolute : null;
  }
}
