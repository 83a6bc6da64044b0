import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { EmptyResponseSchema, NoBodySchema, PUBLIC_API, type PublicRoute } from '@cs/proto/http';

const protoDir = join(dirname(fileURLToPath(import.meta.url)), '..');
const keyOf = (route: PublicRoute): string => `${route.method} ${route.path}`;
const pathParams = (route: PublicRoute): string[] => [...route.path.matchAll(/\{(\w+)\*?\}/g)].map((m) => m[1] ?? '');
const objectKeys = (schema: z.ZodType | undefined): string[] | undefined =>
  schema instanceof z.ZodObject ? Object.keys(schema.shape).sort() : undefined;
/** A paginated answer (`{…, count, hasMore}`) is read page by page: its route takes a query (`pageNumber`). */
const isPage = (schema: z.ZodType | undefined): boolean =>
  schema instanceof z.ZodObject && 'hasMore' in schema.shape && 'count' in schema.shape;

/** What a route of the catalogue lacks: request schemas where it takes params/query/body, and a response. */
function missingSchemas(route: PublicRoute): string[] {
  const missing: string[] = [];
  const names = pathParams(route);
  if (names.length > 0 && !route.params) missing.push('params');
  if ((route.method === 'POST' || route.method === 'PUT') && !route.body) missing.push('body');
  if (isPage(route.response) && !route.query) missing.push('query');
  if (!route.response) missing.push('response');
  return missing;
}

describe('the public route catalogue', () => {
  it('has unique routes', () => {
    expect(new Set(PUBLIC_API.map(keyOf)).size).toBe(PUBLIC_API.length);
  });

  it('gives every route its request schemas (params, query, body) and a response schema', () => {
    const incomplete = PUBLIC_API.filter((route) => missingSchemas(route).length > 0);
    expect(incomplete.map((route) => `${keyOf(route)}: ${missingSchemas(route).join(', ')}`)).toEqual([]);
  });

  it("names exactly the path's parameters in each params schema, and uses objects for params and query", () => {
    for (const route of PUBLIC_API) {
      if (route.params)
        expect([keyOf(route), objectKeys(route.params)]).toEqual([keyOf(route), pathParams(route).sort()]);
      if (route.query) expect([keyOf(route), objectKeys(route.query) !== undefined]).toEqual([keyOf(route), true]);
    }
  });

  it('gives no body to GET and DELETE routes', () => {
    const withBody = PUBLIC_API.filter((route) => (route.method === 'GET' || route.method === 'DELETE') && route.body);
    expect(withBody.map(keyOf)).toEqual([]);
  });
});

interface Operation {
  parameters?: Array<{ name: string; in: string; schema: Record<string, unknown> }>;
  requestBody?: { content: Record<string, { schema: Record<string, unknown> }> };
  responses: Record<string, { content?: Record<string, { schema: Record<string, unknown> }> }>;
}

describe('the generated OpenAPI document (make gen)', () => {
  const document = JSON.parse(readFileSync(join(protoDir, 'generated', 'openapi', 'public-api.json'), 'utf8')) as {
    paths: Record<string, Record<string, Operation>>;
  };
  const operationOf = (route: PublicRoute): Operation | undefined =>
    document.paths[route.path.replace(/\{(\w+)\*\}/g, '{$1}')]?.[route.method.toLowerCase()];

  it('has one operation per catalogue route', () => {
    const operations = Object.values(document.paths).reduce((sum, item) => sum + Object.keys(item).length, 0);
    expect(operations).toBe(PUBLIC_API.length);
    expect(PUBLIC_API.filter((route) => !operationOf(route)).map(keyOf)).toEqual([]);
  });

  it.each(PUBLIC_API.filter((route) => missingSchemas(route).length === 0).map((route) => [keyOf(route), route]))(
    '%s: has the schemas of its request and of its answer',
    (_key, route) => {
      const operation = operationOf(route);
      expect(operation).toBeDefined();
      if (!operation) return;
      const parameters = operation.parameters ?? [];
      for (const name of pathParams(route)) {
        expect(
          parameters.find((parameter) => parameter.in === 'path' && parameter.name === name)?.schema,
        ).toBeDefined();
      }
      for (const name of objectKeys(route.query) ?? []) {
        expect(parameters.some((parameter) => parameter.in === 'query' && parameter.name === name)).toBe(true);
      }
      if (route.body && route.body !== NoBodySchema) {
        expect(Object.values(operation.requestBody?.content ?? {})[0]?.schema).toBeDefined();
      } else {
        expect(operation.requestBody).toBeUndefined();
      }
      if (route.response !== EmptyResponseSchema) {
        const content = operation.responses['200']?.content ?? {};
        expect(Object.keys(content)).toEqual([route.produces ?? 'application/json']);
        expect(Object.values(content)[0]?.schema).toBeDefined();
      }
    },
  );
});
