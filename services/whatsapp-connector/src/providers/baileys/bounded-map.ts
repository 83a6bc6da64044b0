/** A Map that forgets its oldest entries beyond `limit` (a session's dedupe memory and caches). */
export class BoundedMap<V> extends Map<string, V> {
  constructor(private readonly limit: number) {
    super();
  }

  /** Setting a key again makes it the newest. */
  override set(key: string, value: V): this {
    if (this.has(key)) this.delete(key);
    super.set(key, value);
    if (this.size > this.limit) this.delete(this.keys().next().value as string);
    return this;
  }
}
