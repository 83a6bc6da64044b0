import { SPEC_ERROR_CODES } from '@cs/proto/errors';
import { describe, expect, it } from 'vitest';
import { en } from './locales/en';
import { es } from './locales/es';
import { pt } from './locales/pt';

type Tree = { [key: string]: string | Tree };

function keys(tree: Tree, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [`${prefix}${key}`] : keys(value, `${prefix}${key}.`),
  );
}

describe('translations', () => {
  it('English and Spanish have exactly the Portuguese keys, none empty', () => {
    const ptKeys = keys(pt).sort();
    expect(keys(en).sort()).toEqual(ptKeys);
    expect(keys(es).sort()).toEqual(ptKeys);
    for (const lang of [pt, en, es]) {
      const empty = keys(lang).filter((key) => {
        const value = key.split('.').reduce<string | Tree | undefined>((node, part) => (node as Tree)?.[part], lang);
        return typeof value !== 'string' || value.trim() === '';
      });
      expect(empty).toEqual([]);
    }
  });

  it("translates every error code of the spec's catalogue in the three languages", () => {
    const missing = SPEC_ERROR_CODES.filter(
      (code) => !(code in pt.errors) || !(code in en.errors) || !(code in es.errors),
    );
    expect(missing).toEqual([]);
  });

  it('keeps the interpolation variables of each text in every language', () => {
    const vars = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
    const value = (tree: Tree, key: string) =>
      key.split('.').reduce<string | Tree | undefined>((node, part) => (node as Tree)?.[part], tree) as string;
    for (const key of keys(pt)) {
      expect(vars(value(en, key)), `en ${key}`).toEqual(vars(value(pt, key)));
      expect(vars(value(es, key)), `es ${key}`).toEqual(vars(value(pt, key)));
    }
  });
});
