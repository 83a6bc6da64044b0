import { describe, expect, it } from 'vitest';
import { i18n } from './index';
import { managementEn } from './locales/management.en';
import { managementEs } from './locales/management.es';
import { managementPt } from './locales/management.pt';

type Tree = { [key: string]: string | Tree };

function entries(tree: Tree, prefix = ''): Array<[string, string]> {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [[`${prefix}${key}`, value] as [string, string]] : entries(value, `${prefix}${key}.`),
  );
}

describe('the management pages’ translations', () => {
  it('have the Portuguese keys in English and Spanish, none empty, with the same variables', () => {
    const pt = new Map(entries(managementPt));
    const vars = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
    for (const lang of [managementEn, managementEs]) {
      const other = new Map(entries(lang));
      expect([...other.keys()].sort()).toEqual([...pt.keys()].sort());
      for (const [key, text] of other) {
        expect(text.trim(), key).not.toBe('');
        expect(vars(text), key).toEqual(vars(pt.get(key)!));
      }
    }
  });

  it('are merged next to the shell’s texts, error codes included', async () => {
    expect(i18n.t('common.deleteConfirm', { lng: 'pt' })).toBe('Deseja realmente excluir este registro?');
    expect(i18n.t('queues.deleteInUse', { lng: 'pt' })).toBe(
      'Não foi possível excluir. Verifique se há PROMPT ou INTEGRAÇÃO vinculados.',
    );
    expect(i18n.t('errors.ERR_OTHER_OPEN_TICKET', { lng: 'pt' })).toBe(
      'Já existe um tíquete aberto para este contato.',
    );
    expect(i18n.t('errors.ERR_PLAN_LIMIT_QUEUES', { lng: 'en' })).toBe('Your plan’s queue limit was reached.');
    await i18n.changeLanguage('pt');
  });
});
