/**
 * The default branch of an exhaustive `switch` over a discriminated union (`switch (event.type)`): it compiles
 * only while every member is handled, so a new event type fails the build where it is not handled yet. At run
 * time it names the unexpected discriminant only (never the whole value, which may hold personal data).
 */
export function assertUnreachable(value: never, what = 'event type'): never {
  const tag = (value as { type?: unknown } | null)?.type ?? value;
  throw new Error(`unhandled ${what}: ${typeof tag === 'string' || typeof tag === 'number' ? tag : typeof tag}`);
}
