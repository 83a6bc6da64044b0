/**
 * `make gen`: writes the generated contracts from the zod sources.
 *   proto/generated/json-schema/<topic>/<event type>.json  one JSON Schema per event envelope
 *   proto/generated/asyncapi.json                          AsyncAPI 3.0 document of every topic
 *   proto/generated/openapi/public-api.json                OpenAPI 3.1 of the public HTTP API (served at /docs)
 *   deploy/kafka/topics.yaml                               the Kafka topics to create (with their .dlq)
 *   web/src/api/generated/catalogue.ts                     the web's typed routes (tools/web-routes.ts)
 * Generated files are committed; `make check-generated` fails when they are stale.
 */
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { format, resolveConfig } from 'prettier';
import { z } from 'zod';
import { dlqTopicOf, TOPICS } from '@cs/proto/events';
import { ERROR_CATALOGUE, ErrorBodySchema } from '@cs/proto/errors';
import { EmptyResponseSchema, NoBodySchema, PUBLIC_API, type PublicRoute } from '@cs/proto/http';
import { eventJsonSchema } from './contracts.js';
import { COMPONENTS, SchemaComponents } from './openapi-components.js';
import { webCatalogueModule } from './web-routes.js';

const protoDir = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const repoDir = resolve(protoDir, '..');
const generatedDir = join(protoDir, 'generated');

const json = (value: unknown): string => `${JSON.stringify(value, null, 2)}\n`;

/**
 * Writes `text` to `path` only when it differs, and then whole (a temporary file renamed over it): `make test` runs
 * `check-generated` beside the unit suites, which read the generated documents, and beside prettier.
 */
async function writeIfChanged(path: string, text: string): Promise<void> {
  const current = await readFile(path, 'utf8').catch(() => undefined);
  if (current === text) return;
  const temporary = `${path}.${process.pid}.tmp`;
  await writeFile(temporary, text);
  await rename(temporary, path);
}

async function writeJsonSchemas(): Promise<void> {
  const dir = join(generatedDir, 'json-schema');
  const written = new Set<string>();
  for (const topic of TOPICS) {
    await mkdir(join(dir, topic.name), { recursive: true });
    for (const event of topic.events) {
      const path = join(topic.name, `${event.type}.json`);
      written.add(path);
      await writeIfChanged(join(dir, path), json(eventJsonSchema(event)));
    }
  }
  // what a topic or event no longer in the registry left behind
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    const path = relative(dir, join(entry.parentPath, entry.name));
    if (entry.isFile() && !written.has(path)) await rm(join(dir, path));
  }
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    if (entry.isDirectory() && (await readdir(join(dir, entry.name))).length === 0) {
      await rm(join(dir, entry.name), { recursive: true });
    }
  }
}

async function writeAsyncApi(): Promise<void> {
  const channels: Record<string, unknown> = {};
  const operations: Record<string, unknown> = {};
  const messages: Record<string, unknown> = {};
  for (const topic of TOPICS) {
    const channelId = topic.name;
    const channelMessages: Record<string, unknown> = {};
    for (const event of topic.events) {
      messages[event.type] = {
        name: event.type,
        title: event.type,
        summary: event.description,
        contentType: 'application/json',
        headers: {
          type: 'object',
          properties: {
            companyId: { type: 'string' },
            correlationId: { type: 'string' },
            traceparent: { type: 'string' },
          },
        },
        payload: { $ref: `./json-schema/${topic.name}/${event.type}.json` },
      };
      channelMessages[event.type] = { $ref: `#/components/messages/${event.type}` };
    }
    channels[channelId] = {
      address: topic.name,
      title: topic.name,
      description: `${topic.description} Key: ${topic.key}. Owner: ${topic.owner}.`,
      messages: channelMessages,
      bindings: { kafka: { partitions: topic.partitions, replicas: 1, bindingVersion: '0.5.0' } },
    };
    operations[`${topic.kind === 'commands' ? 'receive' : 'send'}-${topic.name}`] = {
      action: topic.kind === 'commands' ? 'receive' : 'send',
      channel: { $ref: `#/channels/${channelId}` },
      summary: topic.kind === 'commands' ? `Commands handled by ${topic.owner}` : `Published by ${topic.owner}`,
    };
  }
  const document = {
    asyncapi: '3.0.0',
    info: {
      title: 'Customer-service platform events',
      version: '1.0.0',
      description:
        'Every Kafka topic of the platform. Messages use one envelope ' +
        '{ id, type, schemaVersion, occurredAt, companyId, producer, correlationId, data }; ' +
        'poison messages go to <topic>.dlq. Error codes: ' +
        Object.keys(ERROR_CATALOGUE).join(', '),
    },
    defaultContentType: 'application/json',
    servers: { local: { host: '127.0.0.1:19092', protocol: 'kafka', description: 'make kafka-up' } },
    channels,
    operations,
    components: { messages },
  };
  await writeIfChanged(join(generatedDir, 'asyncapi.json'), json(document));
}

type Json = Record<string, unknown>;

/** The error body every route answers with on failure (`components.schemas.Error`). */
function errorSchema(): Json {
  const { $schema: _dialect, ...json } = z.toJSONSchema(ErrorBodySchema, {
    target: 'draft-2020-12',
    unrepresentable: 'any',
  }) as Json;
  return json;
}

interface Parameter {
  name: string;
  in: 'path' | 'query';
  required: boolean;
  description?: string;
  schema: Record<string, unknown>;
}

/** The properties of an object schema as OpenAPI parameters (`in`: path or query). */
function objectParameters(schemas: SchemaComponents, schema: z.ZodType, location: Parameter['in']): Parameter[] {
  const json = schemas.resolve(schemas.schema(schema, 'input'));
  const properties = (json['properties'] ?? {}) as Record<string, Record<string, unknown>>;
  const required = new Set((json['required'] ?? []) as string[]);
  return Object.entries(properties).map(([name, property]) => {
    const { description, ...rest } = property;
    return {
      name,
      in: location,
      required: location === 'path' || required.has(name),
      ...(typeof description === 'string' ? { description } : {}),
      schema: rest,
    };
  });
}

/** The path's `{name}` parameters, typed by the route's params schema when it has one (a string otherwise). */
function pathParameters(schemas: SchemaComponents, route: PublicRoute): Parameter[] {
  const typed = route.params ? objectParameters(schemas, route.params, 'path') : [];
  return [...route.path.matchAll(/\{(\w+)\*?\}/g)].map(
    (match) =>
      typed.find((parameter) => parameter.name === match[1]) ?? {
        name: match[1] ?? '',
        in: 'path',
        required: true,
        schema: { type: 'string' },
      },
  );
}

const queryParameters = (schemas: SchemaComponents, route: PublicRoute): Parameter[] =>
  route.query ? objectParameters(schemas, route.query, 'query') : [];

const ACCESS_TEXT: Record<PublicRoute['access'], string> = {
  public: 'No access token.',
  service: 'No access token at the gateway; the owning service authenticates the caller.',
  user: 'Any signed-in user.',
  admin: 'Profile admin (or a super user).',
  super: 'Super users only.',
};

/** The error answers shared by the operations (`components.responses`), each an `Error` body. */
const ERROR_RESPONSES = {
  BadRequest: 'ERR_VALIDATION and other request errors',
  SessionExpired: 'ERR_SESSION_EXPIRED: no access token or the session ended (log out)',
  CompanyExpired: 'ERR_COMPANY_EXPIRED: the company is past its due date',
  Forbidden: 'ERR_INVALID_TOKEN (invalid or expired access token: refresh once and retry) or ERR_NO_PERMISSION',
  NotFound: "Not found (also for another company's ids)",
} as const;
const errorResponse = (name: keyof typeof ERROR_RESPONSES) => ({ $ref: `#/components/responses/${name}` });

async function writeOpenApi(): Promise<void> {
  const paths: Record<string, Record<string, unknown>> = {};
  const schemas = new SchemaComponents(
    PUBLIC_API.flatMap((route) =>
      [route.params, route.query, route.body, route.response].filter(
        (schema): schema is z.ZodType =>
          schema !== undefined && schema !== NoBodySchema && schema !== EmptyResponseSchema,
      ),
    ),
  );
  for (const route of PUBLIC_API) {
    const parameters = [...pathParameters(schemas, route), ...queryParameters(schemas, route)];
    const okContent = (): Record<string, unknown> | undefined => {
      if (!route.response || route.response === EmptyResponseSchema) return undefined;
      const type = route.produces ?? 'application/json';
      return { [type]: { schema: schemas.schema(route.response, 'output') } };
    };
    const content = okContent();
    const responses: Record<string, unknown> = {
      200: content ? { description: 'OK', content } : { description: 'OK' },
      400: errorResponse('BadRequest'),
    };
    if (route.access !== 'public' && route.access !== 'service') {
      responses[401] = errorResponse('SessionExpired');
      responses[403] = errorResponse('Forbidden');
      responses[402] = errorResponse('CompanyExpired');
    }
    if (parameters.some((parameter) => parameter.in === 'path')) {
      responses[404] = errorResponse('NotFound');
    }
    const operation: Record<string, unknown> = {
      tags: [route.service],
      summary: route.summary,
      description: `Access: ${ACCESS_TEXT[route.access]} Served by ${route.service}.`,
      operationId: `${route.method.toLowerCase()}${route.path.replace(/[{}]/g, '').replace(/[^A-Za-z0-9]+(.)?/g, (_m, c: string | undefined) => (c ? c.toUpperCase() : ''))}`,
      ...(parameters.length > 0 ? { parameters } : {}),
      ...(route.body && route.body !== NoBodySchema
        ? {
            requestBody: {
              required: true,
              content: { [route.bodyType ?? 'application/json']: { schema: schemas.schema(route.body, 'input') } },
            },
          }
        : {}),
      responses,
      ...(route.access === 'public' || route.access === 'service' ? { security: [] } : {}),
    };
    const path = route.path.replace(/\{(\w+)\*\}/g, '{$1}');
    paths[path] = { ...paths[path], [route.method.toLowerCase()]: operation };
  }
  const document = {
    openapi: '3.1.0',
    info: {
      title: 'Customer-service platform: public API',
      version: '1.0.0',
      description:
        "Every public route of the gateway (the Whaticket-compatible paths). Errors are { error: 'ERR_CODE', message }: " +
        '401 means log out, 403 means refresh the access token once and retry. Socket.io events are listed in asyncapi.json.',
    },
    servers: [{ url: '/' }],
    security: [{ bearer: [] }],
    paths,
    components: {
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      responses: Object.fromEntries(
        Object.entries(ERROR_RESPONSES).map(([name, description]) => [
          name,
          { description, content: { 'application/json': { schema: { $ref: `${COMPONENTS}Error` } } } },
        ]),
      ),
      schemas: { Error: errorSchema(), ...schemas.componentsFor(paths) },
    },
  };
  await mkdir(join(generatedDir, 'openapi'), { recursive: true });
  await writeIfChanged(join(generatedDir, 'openapi', 'public-api.json'), json(document));
}

async function writeTopicsYaml(): Promise<void> {
  const lines = [
    '# Generated by `make gen` from proto/src/events (do not edit). Broker auto-create is off:',
    '# deploy/kafka/kafka.sh creates these topics.',
    'topics:',
  ];
  for (const topic of TOPICS) {
    lines.push(`  - name: ${topic.name}`, `    partitions: ${topic.partitions}`, `    owner: ${topic.owner}`);
    lines.push(`  - name: ${dlqTopicOf(topic.name)}`, '    partitions: 1', `    owner: ${topic.owner}`);
  }
  await writeIfChanged(join(repoDir, 'deploy', 'kafka', 'topics.yaml'), `${lines.join('\n')}\n`);
}

/** The web's typed catalogue, formatted as the repository's prettier configuration formats it. */
async function writeWebCatalogue(): Promise<void> {
  const path = join(repoDir, 'web', 'src', 'api', 'generated', 'catalogue.ts');
  const text = await format(webCatalogueModule(), { ...(await resolveConfig(path)), filepath: path });
  await mkdir(dirname(path), { recursive: true });
  await writeIfChanged(path, text);
}

await mkdir(generatedDir, { recursive: true });
await writeJsonSchemas();
await writeAsyncApi();
await writeOpenApi();
await writeTopicsYaml();
await writeWebCatalogue();
const count = (await readdir(join(generatedDir, 'json-schema'))).length;
console.log(
  `generated JSON Schema for ${count} topics, asyncapi.json, deploy/kafka/topics.yaml and the web's catalogue`,
);
