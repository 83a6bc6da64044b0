import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { readStored, storageKey, writeStored } from '../lib/storage';
import { en } from './locales/en';
import { es } from './locales/es';
import { managementEn } from './locales/management.en';
import { managementEs } from './locales/management.es';
import { managementPt } from './locales/management.pt';
import { pt } from './locales/pt';

export const LANGUAGES = ['pt', 'en', 'es'] as const;
export type Language = (typeof LANGUAGES)[number];

function initialLanguage(): Language {
  const stored = readStored(storageKey.language);
  return LANGUAGES.find((lang) => lang === stored) ?? 'pt';
}

void i18n.use(initReactI18next).init({
  resources: { pt: { translation: pt }, en: { translation: en }, es: { translation: es } },
  lng: initialLanguage(),
  fallbackLng: 'pt',
  interpolation: { escapeValue: false },
  returnNull: false,
  showSupportNotice: false,
});
// the dashboard and management pages keep their texts in their own files, deep-merged (errors.* included)
for (const [lang, texts] of [
  ['pt', managementPt],
  ['en', managementEn],
  ['es', managementEs],
] as const)
  i18n.addResourceBundle(lang, 'translation', texts, true, false);

const htmlLang = (lang: string) => (lang === 'pt' ? 'pt-BR' : lang);
document.documentElement.lang = htmlLang(i18n.language);

i18n.on('languageChanged', (lang) => {
  writeStored(storageKey.language, lang);
  document.documentElement.lang = htmlLang(lang);
});

export { i18n };
