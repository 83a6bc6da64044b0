import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { Request, Response } from 'express';

const require = createRequire(import.meta.url);

const INDEX_HTML = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <title>Customer-service platform API</title>
    <link rel="stylesheet" href="./swagger-ui.css" />
  </head>
  <body>
    <div id="swagger-ui"></div>
    <script src="./swagger-ui-bundle.js"></script>
    <script src="./swagger-ui-standalone-preset.js"></script>
    <script src="./init.js"></script>
  </body>
</html>
`;

const INIT_JS = `window.ui = SwaggerUIBundle({
  url: './openapi.json',
  dom_id: '#swagger-ui',
  presets: [SwaggerUIBundle.presets.apis, SwaggerUIStandalonePreset],
  layout: 'StandaloneLayout',
  withCredentials: true,
});
`;

/**
 * OpenAPI for the public API at `/docs` (Swagger UI from swagger-ui-dist's static files) and `/docs/openapi.json`
 * (generated from proto by `make gen`: the route catalogue and its zod schemas).
 */
export function mountDocs(app: NestExpressApplication): void {
  const document = readFileSync(require.resolve('@cs/proto/generated/openapi/public-api.json'), 'utf8');
  const assets = dirname(require.resolve('swagger-ui-dist/package.json'));
  const send = (type: string, body: string) => (_request: Request, response: Response) => {
    response.status(200).type(type).set('cache-control', 'no-cache').send(body);
  };
  app.use('/docs/openapi.json', send('application/json', document));
  app.use('/docs/init.js', send('application/javascript', INIT_JS));
  app.use('/docs', (request: Request, response: Response, next: () => void) => {
    if (request.path === '/' || request.path === '/index.html') {
      if (request.originalUrl.split('?')[0] === '/docs') {
        response.redirect(301, '/docs/');
        return;
      }
      send('text/html', INDEX_HTML)(request, response);
      return;
    }
    next();
  });
  app.useStaticAssets(assets, { prefix: '/docs/', index: false });
}
