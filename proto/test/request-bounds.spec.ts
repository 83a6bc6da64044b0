import { PG_INT_MAX, PG_INT_MIN } from '@cs/proto/common';
import {
  PUBLIC_API,
  type PublicRoute,
  QueueBodySchema,
  QueueOptionBodySchema,
  requestFields,
  requestSchema,
  sampleOf,
  sampleWith,
} from '@cs/proto/http';

const keyOf = (route: PublicRoute): string => `${route.method} ${route.path}`;
const ID_KEY = /(^id$|Id$|Ids$)/;
const bound = (schema: Record<string, unknown>, inclusive: string, exclusive: string): number | undefined => {
  const value = schema[inclusive] ?? schema[exclusive];
  return typeof value === 'number' ? value : undefined;
};

describe('the request schemas of the catalogue', () => {
  it('bound every integer (and every numeric id) of every path, query and body to PostgreSQL integer', () => {
    const unbounded = PUBLIC_API.flatMap((route) =>
      requestFields(route)
        .filter((field) => field.kind === 'integer' || ID_KEY.test(String(field.path.at(-1) ?? '')))
        .filter((field) => field.kind !== 'string')
        .filter((field) => {
          const exact = field.schema['const'];
          if (typeof exact === 'number') return exact > PG_INT_MAX || exact < PG_INT_MIN;
          const max = bound(field.schema, 'maximum', 'exclusiveMaximum');
          const min = bound(field.schema, 'minimum', 'exclusiveMinimum');
          return max === undefined || max > PG_INT_MAX || min === undefined || min < PG_INT_MIN;
        })
        .map((field) => `${keyOf(route)} ${field.part} ${field.path.join('.')}`),
    );
    expect(unbounded).toEqual([]);
  });

  it('refuse 2147483648 in every integer field a route reads', () => {
    const accepted = PUBLIC_API.flatMap((route) =>
      requestFields(route)
        .filter((field) => field.kind === 'integer')
        .filter((field) => {
          const schema = route[field.part];
          const json = requestSchema(route, field.part);
          if (!schema || !json) return false;
          const parsed = schema.safeParse(sampleWith(json, field.path, PG_INT_MAX + 1));
          // a field whose schema falls back to a default (`.catch`) may accept the request: not with that value
          return parsed.success && JSON.stringify(parsed.data).includes(String(PG_INT_MAX + 1));
        })
        .map((field) => `${keyOf(route)} ${field.part} ${field.path.join('.')}`),
    );
    expect(accepted).toEqual([]);
  });

  it('derive a sample of every part from the schema (what the fuzz test starts from)', () => {
    const route = PUBLIC_API.find((candidate) => keyOf(candidate) === 'POST /queue');
    const body = route && requestSchema(route, 'body');
    expect(body && sampleOf(body)).toEqual({ name: 'fuzzfuzz', color: 'fuzzfuzz' });
    expect(route?.body?.safeParse(body && sampleWith(body, ['orderQueue'], 7)).data).toMatchObject({ orderQueue: 7 });
  });
});

describe("a queue option's key and a queue's order", () => {
  const option = (key: unknown) => QueueOptionBodySchema.safeParse({ queueId: 1, title: 'Vendas', option: key });

  it('takes any short key, and all-digit keys up to PostgreSQL integer', () => {
    for (const key of ['1', '#', '0', 'a1', '2147483647', 7, ' 12 '])
      expect([key, option(key).success]).toEqual([key, true]);
  });

  it('refuses an all-digit key beyond PostgreSQL integer, however it is written', () => {
    for (const key of ['2147483648', '00000000002147483648', 99_999_999_999, '99999999999999999999']) {
      const parsed = option(key);
      expect([key, parsed.success, parsed.error?.issues.map((issue) => issue.path.join('.'))]).toEqual([
        key,
        false,
        ['option'],
      ]);
    }
  });

  it('refuses an orderQueue beyond PostgreSQL integer or below 0 instead of storing 0', () => {
    for (const orderQueue of [PG_INT_MAX + 1, -1, 'abc'])
      expect(QueueBodySchema.safeParse({ name: 'Vendas', color: '#000000', orderQueue }).success).toBe(false);
    expect(QueueBodySchema.parse({ name: 'Vendas', color: '#000000', orderQueue: '3' }).orderQueue).toBe(3);
  });
});
