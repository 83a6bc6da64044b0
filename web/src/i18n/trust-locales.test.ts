import { AUDIT_ACTIONS } from '@cs/proto/events';
import { describe, expect, it } from 'vitest';
import { i18n } from './index';
import { trustEn } from './locales/trust.en';
import { trustEs } from './locales/trust.es';
import { trustPt } from './locales/trust.pt';

type Tree = { [key: string]: string | Tree };

function entries(tree: Tree, prefix = ''): Array<[string, string]> {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [[`${prefix}${key}`, value] as [string, string]] : entries(value, `${prefix}${key}.`),
  );
}

describe('the two-step verification and audit translations', () => {
  it('have the Portuguese keys in English and Spanish, none empty', () => {
    const pt = entries(trustPt).map(([key]) => key);
    for (const lang of [trustEn, trustEs]) {
      const other = entries(lang);
      expect(other.map(([key]) => key).sort()).toEqual([...pt].sort());
      for (const [key, text] of other) expect(text.trim(), key).not.toBe('');
    }
  });

  it('name every audit action in the three languages', () => {
    for (const lng of ['pt', 'en', 'es'])
      for (const action of AUDIT_ACTIONS)
        expect(i18n.exists(`audit.actions.${action}`, { lng }), `${lng} ${action}`).toBe(true);
    expect(i18n.t('audit.actions.user.two-factor-reset', { lng: 'pt' })).toBe('Verificação em duas etapas redefinida');
    expect(i18n.t('menu.audit', { lng: 'pt' })).toBe('Auditoria');
  });
});
