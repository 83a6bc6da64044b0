import { describe, expect, it } from 'vitest';
import { i18n } from './index';
import { adminEn } from './locales/admin.en';
import { adminEs } from './locales/admin.es';
import { adminPt } from './locales/admin.pt';

type Tree = { [key: string]: string | Tree };

function entries(tree: Tree, prefix = ''): Array<[string, string]> {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [[`${prefix}${key}`, value] as [string, string]] : entries(value, `${prefix}${key}.`),
  );
}

describe('the administration pages’ translations', () => {
  it('have the Portuguese keys in English and Spanish, none empty', () => {
    const pt = entries(adminPt).map(([key]) => key);
    for (const lang of [adminEn, adminEs]) {
      const other = entries(lang);
      expect(other.map(([key]) => key).sort()).toEqual([...pt].sort());
      for (const [key, text] of other) expect(text.trim(), key).not.toBe('');
    }
  });

  it('are merged next to the others, with the spec’s texts', () => {
    expect(i18n.t('admin.settings.updated', { lng: 'pt' })).toBe('Operação atualizada com sucesso.');
    expect(i18n.t('admin.deleteTitle', { lng: 'pt' })).toBe('Exclusão de Registro');
    expect(i18n.t('signup.mostPopular', { lng: 'pt' })).toBe('Mais Popular');
    // the shell's own signup texts are still there
    expect(i18n.exists('signup.submit', { lng: 'pt' })).toBe(true);
  });
});
