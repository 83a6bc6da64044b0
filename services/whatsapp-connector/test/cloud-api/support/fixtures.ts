import { readFileSync } from 'node:fs';

/** A recorded-shape Cloud API webhook body from `test/cloud-api/fixtures/`, parsed. */
export function fixture<T = Record<string, unknown>>(name: string): T {
  return JSON.parse(fixtureText(name)) as T;
}

/**
 * The fixture as Meta puts it on the wire: compact JSON with non-ASCII characters escaped (`\u00e1`), which is
 * why a signature must be checked on the raw bytes and never on a re-serialised body.
 */
export function fixtureText(name: string): string {
  return readFileSync(new URL(`../fixtures/${name}`, import.meta.url), 'utf8');
}

export function metaWireBody(value: unknown): string {
  return JSON.stringify(value).replace(
    /[\u007f-\uffff]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}
