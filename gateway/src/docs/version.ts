import { readFileSync } from 'node:fs';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { Request, Response } from 'express';

const { version } = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
  version: string;
};

/** `GET /version` → `{version}` (public; the established client shows it in its menu, reference §2.15). */
export function mountVersion(app: NestExpressApplication): void {
  app.use('/version', (request: Request, response: Response, next: () => void) => {
    if (request.method !== 'GET' || (request.path !== '/' && request.path !== '')) return next();
    response.status(200).set('cache-control', 'no-cache').json({ version });
  });
}
