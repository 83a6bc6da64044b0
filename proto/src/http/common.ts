import { z } from 'zod';
import { PG_INT_MAX } from '../common/ids.js';

/**
 * Building blocks of the route catalogue's request and response schemas. Path parameters arrive as strings; the
 * services check them with their own pipes (IdPipe and its error code), these schemas describe them for the
 * OpenAPI document and type them for the web client.
 */

/** A numeric id in the path (`/tickets/{id}`): a string of digits on the wire, a number for the client. */
export const IdParamSchema = z.coerce.number<string | number>().int().positive().max(PG_INT_MAX);

/** `{ id }`: the path parameters of most `/x/{id}` routes. */
export const IdParamsSchema = z.object({ id: IdParamSchema });
export type IdParams = z.input<typeof IdParamsSchema>;

/** `{ path }`: the rest of the path of a stored media file (`{path*}`). */
export const MediaPathParamsSchema = z.object({ path: z.string().min(1) });

/** The `{ message }` acknowledgement several routes answer with (deletes, sends). */
export const MessageResponseSchema = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof MessageResponseSchema>;

/**
 * A route that takes no body (`POST /campaigns/{id}/cancel`): the catalogue names it explicitly so that the
 * completeness test can tell "no body" from "not described yet". The OpenAPI document has no requestBody for it.
 */
export const NoBodySchema = z.object({}).meta({ description: 'No request body' });

/** A route that answers with an empty body (204 or an empty 200). */
export const EmptyResponseSchema = z.undefined().meta({ description: 'Empty response' });

/** A file answer (media, spreadsheets, CSV, vCard): bytes, described by the route's `produces`. */
export const FileResponseSchema = z.string().meta({ description: 'File contents', format: 'binary' });

/** A multipart upload's file part (`file`, `medias`): bytes. */
export const UploadedFileSchema = z.any().meta({ type: 'string', format: 'binary' });

/** `{ [key]: T[], count, hasMore }`: the spec's paginated lists. */
export function pageOf<K extends string, T extends z.ZodType>(key: K, item: T) {
  return z.object({ [key]: z.array(item), count: z.number().int(), hasMore: z.boolean() } as {
    [P in K]: z.ZodArray<T>;
  } & { count: z.ZodNumber; hasMore: z.ZodBoolean });
}
