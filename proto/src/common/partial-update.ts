import { z } from 'zod';

type WithoutDefault<T> = T extends z.ZodDefault<infer Inner> ? Inner : T;
type WithoutDefaults<Shape extends z.ZodRawShape> = { [K in keyof Shape]: WithoutDefault<Shape[K]> };

/**
 * The body of a partial update (`PUT /x/{id}`) built from a create schema: every field optional and NO default
 * applied to an absent field, so a one-field body changes that field only (a name-only `PUT /plans/{id}` must
 * not turn every flag on or reset the price).
 */
export function partialUpdateSchema<Shape extends z.ZodRawShape>(
  schema: z.ZodObject<Shape>,
): z.ZodObject<{ [K in keyof Shape]: z.ZodOptional<WithoutDefaults<Shape>[K]> }> {
  const shape: Record<string, z.ZodType> = {};
  for (const [key, field] of Object.entries(schema.shape as unknown as Record<string, z.ZodType>)) {
    shape[key] = field instanceof z.ZodDefault ? (field.removeDefault() as z.ZodType) : field;
  }
  return z.object(shape).partial() as never;
}
