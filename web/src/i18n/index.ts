import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { readStored, storageKey, writeStored } from '../lib/storage';
import { billingEn } from './locales/billing.en';
import { billingEs } from './locales/billing.es';
import { billingPt } from './locales/billing.pt';
import { adminEn } from './locales/admin.en';
import { adminEs } from './locales/admin.es';
import { adminPt } from './locales/admin.pt';
import { campaignsEn } from './locales/campaigns.en';
import { campaignsEs } from './locales/campaigns.es';
import { campaignsPt } from './locales/campaigns.pt';
import { assistEn } from './locales/assist.en';
import { assistEs } from './locales/assist.es';
import { assistPt } from './locales/assist.pt';
import { automationEn } from './locales/automation.en';
import { automationEs } from './locales/automation.es';
import { automationPt } from './locales/automation.pt';
import { en } from './locales/en';
import { reportsEn } from './locales/reports.en';
import { reportsEs } from './locales/reports.es';
import { reportsPt } from './locales/reports.pt';
import { es } from './locales/es';
import { managementEn } from './locales/management.en';
import { managementEs } from './locales/management.es';
import { managementPt } from './locales/management.pt';
import { pt } from './locales/pt';
import { privacyEn } from './locales/privacy.en';
import { privacyEs } from './locales/privacy.es';
import { privacyPt } from './locales/privacy.pt';
import { teamEn } from './locales/team.en';
import { teamEs } from './locales/team.es';
import { teamPt } from './locales/team.pt';
import { trustEn } from './locales/trust.en';
import { trustEs } from './locales/trust.es';
import { trustPt } from './locales/trust.pt';
import { templatesEn } from './locales/templates.en';
import { templatesEs } from './locales/templates.es';
import { templatesPt } from './locales/templates.pt';

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
});
// the dashboard and management pages keep their texts in their own files, deep-merged (errors.* included)
for (const [lang, texts] of [
  ['pt', managementPt],
  ['en', managementEn],
  ['es', managementEs],
] as const)
  i18n.addResourceBundle(lang, 'translation', texts, true, false);
// billing's texts (the Financeiro, checkout and subscription pages)
for (const [lang, texts] of [
  ['pt', billingPt],
  ['en', billingEn],
  ['es', billingEs],
] as const)
  i18n.addResourceBundle(lang, 'translation', texts, true, false);

// the administration pages' texts (issue 18), merged the same way
for (const [lang, texts] of [
  ['pt', adminPt],
  ['en', adminEn],
  ['es', adminEs],
] as const)
  i18n.addResourceBundle(lang, 'translation', texts, true, false);

// the team's tools (internal chat, kanban, to-do list) keep theirs in their own files too
for (const [lang, texts] of [
  ['pt', teamPt],
  ['en', teamEn],
  ['es', teamEs],
] as const)
  i18n.addResourceBundle(lang, 'translation', texts, true, false);

// campaigns, contact lists and file lists (issue 16), deep-merged the same way
for (const [lang, texts] of [
  ['pt', campaignsPt],
  ['en', campaignsEn],
  ['es', campaignsEs],
] as const)
  i18n.addResourceBundle(lang, 'translation', texts, true, false);

// prompts, queue integrations and the message-sending API page (issue 20)
for (const [lang, texts] of [
  ['pt', automationPt],
  ['en', automationEn],
  ['es', automationEs],
] as const)
  i18n.addResourceBundle(lang, 'translation', texts, true, false);

// two-factor sign-in and the audit log (issue 54)
for (const [lang, texts] of [
  ['pt', trustPt],
  ['en', trustEn],
  ['es', trustEs],
] as const)
  i18n.addResourceBundle(lang, 'translation', texts, true, false);

// AI assistance for agents (issue 56)
for (const [lang, texts] of [
  ['pt', assistPt],
  ['en', assistEn],
  ['es', assistEs],
] as const)
  i18n.addResourceBundle(lang, 'translation', texts, true, false);

// Cloud API message templates in the chat (issue 56)
for (const [lang, texts] of [
  ['pt', templatesPt],
  ['en', templatesEn],
  ['es', templatesEs],
] as const)
  i18n.addResourceBundle(lang, 'translation', texts, true, false);

// reports and service levels (issue 55)
for (const [lang, texts] of [
  ['pt', reportsPt],
  ['en', reportsEn],
  ['es', reportsEs],
] as const)
  i18n.addResourceBundle(lang, 'translation', texts, true, false);

// LGPD requests about a contact and the retention setting (issue 54)
for (const [lang, texts] of [
  ['pt', privacyPt],
  ['en', privacyEn],
  ['es', privacyEs],
] as const)
  i18n.addResourceBundle(lang, 'translation', texts, true, false);

const htmlLang = (lang: string) => (lang === 'pt' ? 'pt-BR' : lang);
document.documentElement.lang = htmlLang(i18n.language);

i18n.on('languageChanged', (lang) => {
  writeStored(storageKey.language, lang);
  document.documentElement.lang = htmlLang(lang);
});

export { i18n };
