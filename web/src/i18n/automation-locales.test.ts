import { describe, expect, it } from 'vitest';
import { i18n } from './index';
import { automationEn } from './locales/automation.en';
import { automationEs } from './locales/automation.es';
import { automationPt } from './locales/automation.pt';

type Tree = { [key: string]: string | Tree };

function entries(tree: Tree, prefix = ''): Array<[string, string]> {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [[`${prefix}${key}`, value] as [string, string]] : entries(value, `${prefix}${key}.`),
  );
}

describe('the automation pages’ translations', () => {
  it('have the Portuguese keys in English and Spanish, none empty', () => {
    const pt = [...new Map(entries(automationPt)).keys()].sort();
    for (const lang of [automationEn, automationEs]) {
      const other = new Map(entries(lang));
      expect([...other.keys()].sort()).toEqual(pt);
      for (const [key, text] of other) expect(text.trim(), key).not.toBe('');
    }
  });

  it('are merged next to the other texts, with the spec’s texts', () => {
    expect(i18n.t('prompts.dialog.queueRequired', { lng: 'pt' })).toBe('Informe o setor');
    expect(i18n.t('messagesApi.fileRequired', { lng: 'pt' })).toBe('Por favor, selecione um arquivo.');
    expect(i18n.t('errors.ERR_NO_PROMPT_FOUND', { lng: 'en' })).toBe('No prompt found with this ID.');
    expect(i18n.t('common.deleteConfirm', { lng: 'pt' })).toBe('Deseja realmente excluir este registro?');
  });
});
