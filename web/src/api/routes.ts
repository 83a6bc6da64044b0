/**
 * The requests of the RTK Query endpoints, built from the route catalogue (`@cs/proto/http`'s `PUBLIC_API`, typed
 * for the web by `make gen` in `./generated/catalogue.ts`): an endpoint names its route by id (`'PUT /contacts/{id}'`)
 * and passes the route's path parameters, query and body, each typed by the route's schemas. A path that is not in
 * the catalogue does not compile (and `routes.test.ts` finds one written by hand).
 */
import type { FetchArgs } from '@reduxjs/toolkit/query/react';
import type { Catalogue, RouteId } from './generated/catalogue';

export type { Catalogue, RouteId };
/** The answer of a route (`void`: an empty body). */
export type RouteResponse<Id extends RouteId> = Catalogue[Id]['response'];
/**
 * The body a route takes (`undefined`: none; `FormData`: a multipart upload). A route with a body also takes it as
 * `FormData` in the request builder (`POST /messages/{ticketId}` answers JSON and multipart alike).
 */
export type RouteBody<Id extends RouteId> = Catalogue[Id]['body'];
/** The query string of a route, as an object (`undefined`: none). */
export type RouteQuery<Id extends RouteId> = Catalogue[Id]['query'];
/** The path parameters of a route (`undefined`: none). */
export type RouteParams<Id extends RouteId> = Catalogue[Id]['params'];

/** A part of the request: absent when the route takes none, optional when every field of it is. */
type Part<K extends string, T> = [T] extends [undefined]
  ? { [P in K]?: undefined }
  : // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- {}: whether every key of T is optional
    {} extends T
    ? { [P in K]?: T }
    : { [P in K]: T };

export type RequestParts<Id extends RouteId> = Part<'params', RouteParams<Id>> &
  Part<'query', RouteQuery<Id>> &
  Part<'body', RouteBody<Id> extends undefined ? undefined : RouteBody<Id> | FormData>;

type PartsArgument<Id extends RouteId> =
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- {}: whether the route needs no part
  {} extends RequestParts<Id> ? [parts?: RequestParts<Id>] : [parts: RequestParts<Id>];

/** `'GET /contacts/{id}'` with `{ id: 7 }` → `/contacts/7` (`{name*}`: the rest of a path, its slashes kept). */
export function pathOf(template: string, params: Record<string, unknown> = {}): string {
  return template.replace(/\{(\w+)(\*?)\}/g, (_match, name: string, rest: string) => {
    const value = params[name];
    if (typeof value !== 'string' && typeof value !== 'number') {
      throw new Error(`${template}: the path parameter ${name} is missing`);
    }
    const text = String(value);
    if (text === '') throw new Error(`${template}: the path parameter ${name} is missing`);
    return rest ? text.split('/').map(encodeURIComponent).join('/') : encodeURIComponent(text);
  });
}

/** The fetch arguments of a call to the route `id` (RTK Query's `query` answer). */
export function request<Id extends RouteId>(id: Id, ...[parts]: PartsArgument<Id>): FetchArgs {
  const space = id.indexOf(' ');
  const method = id.slice(0, space);
  const { params, query, body } = (parts ?? {}) as { params?: object; query?: object; body?: unknown };
  return {
    url: pathOf(id.slice(space + 1), params as Record<string, unknown> | undefined),
    method,
    ...(query === undefined ? {} : { params: query as Record<string, unknown> }),
    ...(body === undefined ? {} : { body }),
  };
}
