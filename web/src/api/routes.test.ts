import { describe, expect, it } from 'vitest';
import { PUBLIC_API } from '@cs/proto/http';
import { pathOf, request } from './routes';

/** Every file that defines RTK Query endpoints (its source text). */
const endpointFiles = Object.entries(
  import.meta.glob<string>(['../**/*.ts', '!../**/*.test.ts'], { query: '?raw', import: 'default', eager: true }),
)
  .map(([file, text]) => ({ file, text }))
  .filter(({ text }) => /\.injectEndpoints\(/.test(text));
const catalogue = new Set(PUBLIC_API.map((route) => `${route.method} ${route.path}`));

describe("the RTK Query endpoints' routes", () => {
  it('finds the endpoint files', () => {
    expect(endpointFiles.length).toBeGreaterThan(20);
  });

  it('names only routes of the catalogue', () => {
    const unknown = endpointFiles.flatMap(({ file, text }) =>
      [...text.matchAll(/\brequest\(\s*'([^']+)'/g)]
        .map((match) => match[1] ?? '')
        .filter((id) => !catalogue.has(id))
        .map((id) => `${file}: ${id}`),
    );
    expect(unknown).toEqual([]);
  });

  it('writes no path by hand (every request is built from a route id)', () => {
    const handWritten = endpointFiles.flatMap(({ file, text }) =>
      [
        ...text.matchAll(/\burl:\s*[^\n,}]+/g),
        ...text.matchAll(/\bquery:\s*(?:\([^)]*\)|\w+)\s*=>\s*['`]\/[^'`]*['`]/g),
      ].map((match) => `${file}: ${match[0]}`),
    );
    expect(handWritten).toEqual([]);
  });

  it('does not compile a path outside the catalogue, nor a route without its path parameters', () => {
    const build = () => [
      // @ts-expect-error -- not a route of the catalogue
      request('GET /contacts/everything'),
      // @ts-expect-error -- `PUT /contacts/{id}` needs its id
      request('PUT /contacts/{id}', { body: { name: 'Maria', number: '5511987654321' } }),
    ];
    expect(build).toThrow('/contacts/{id}: the path parameter id is missing');
  });
});

describe('request', () => {
  it('fills the path parameters, encoded, and keeps the slashes of a rest-of-path parameter', () => {
    expect(pathOf('/contacts/{id}', { id: 7 })).toBe('/contacts/7');
    expect(pathOf('/settings/{key}', { key: 'a b/c' })).toBe('/settings/a%20b%2Fc');
    expect(pathOf('/files/media/{path*}', { path: 'lists/3/a b.pdf' })).toBe('/files/media/lists/3/a%20b.pdf');
    expect(() => pathOf('/contacts/{id}', {})).toThrow('/contacts/{id}: the path parameter id is missing');
  });

  it("gives RTK Query the route's method, path, query and body", () => {
    expect(request('GET /queue')).toEqual({ url: '/queue', method: 'GET' });
    expect(
      request('PUT /contacts/{id}', { params: { id: 3 }, body: { name: 'Maria', number: '5511987654321' } }),
    ).toEqual({ url: '/contacts/3', method: 'PUT', body: { name: 'Maria', number: '5511987654321' } });
    expect(request('GET /contacts', { query: { searchParam: 'ana', pageNumber: 2 } })).toEqual({
      url: '/contacts',
      method: 'GET',
      params: { searchParam: 'ana', pageNumber: 2 },
    });
  });
});
