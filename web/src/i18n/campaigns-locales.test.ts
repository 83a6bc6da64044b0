import { describe, expect, it } from 'vitest';
import { i18n } from './index';
import { campaignsEn } from './locales/campaigns.en';
import { campaignsEs } from './locales/campaigns.es';
import { campaignsPt } from './locales/campaigns.pt';

type Tree = { [key: string]: string | Tree };

function entries(tree: Tree, prefix = ''): Array<[string, string]> {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [[`${prefix}${key}`, value] as [string, string]] : entries(value, `${prefix}${key}.`),
  );
}

describe('the campaigns pages’ translations', () => {
  it('have the Portuguese keys in English and Spanish, none empty, with the same variables', () => {
    const pt = new Map(entries(campaignsPt));
    const vars = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
    for (const lang of [campaignsEn, campaignsEs]) {
      const other = new Map(entries(lang));
      expect([...other.keys()].sort()).toEqual([...pt.keys()].sort());
      for (const [key, text] of other) {
        expect(text.trim(), key).not.toBe('');
        expect(vars(text), key).toEqual(vars(pt.get(key)!));
      }
    }
  });

  it('are merged next to the shell’s texts, error codes included', () => {
    expect(i18n.t('campaigns.status.EM_ANDAMENTO', { lng: 'pt' })).toBe('Em Andamento');
    expect(i18n.t('errors.ERR_CAMPAIGN_NOT_EDITABLE', { lng: 'pt' })).toBe(
      'Só é permitido alterar campanha Inativa e Programada',
    );
    expect(i18n.t('common.deleteConfirm', { lng: 'pt' })).toBe('Deseja realmente excluir este registro?');
  });
});
