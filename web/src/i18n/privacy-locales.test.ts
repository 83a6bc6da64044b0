import { PRIVACY_SERVICES } from '@cs/proto/events';
import { describe, expect, it } from 'vitest';
import { i18n } from './index';
import { privacyEn } from './locales/privacy.en';
import { privacyEs } from './locales/privacy.es';
import { privacyPt } from './locales/privacy.pt';

type Tree = { [key: string]: string | Tree };

const keys = (tree: Tree, prefix = ''): string[] =>
  Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [`${prefix}${key}`] : keys(value, `${prefix}${key}.`),
  );

describe('the LGPD translations', () => {
  it('have the Portuguese keys in English and Spanish', () => {
    for (const lang of [privacyEn, privacyEs]) expect(keys(lang).sort()).toEqual(keys(privacyPt).sort());
  });

  it('name every service that confirms an erasure, in the three languages', () => {
    for (const lng of ['pt', 'en', 'es'])
      for (const service of PRIVACY_SERVICES)
        expect(i18n.exists(`privacy.services.${service}`, { lng }), `${lng} ${service}`).toBe(true);
    expect(i18n.t('privacy.erase', { lng: 'pt' })).toBe('Apagar dados (LGPD)');
  });
});
