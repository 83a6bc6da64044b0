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
// each area keeps its texts in its own files (pt, en, es), deep-merged into the translation (errors.* included)
const AREA_TEXTS = [
  // the dashboard and management pages, billing, administration, the team's tools, campaigns, automation, two-step
  // sign-in and the audit log, the agents' AI help, Cloud API templates, reports and service levels, LGPD requests
  [managementPt, managementEn, managementEs],
  [billingPt, billingEn, billingEs],
  [adminPt, adminEn, adminEs],
  [teamPt, teamEn, teamEs],
  [campaignsPt, campaignsEn, campaignsEs],
  [automationPt, automationEn, automationEs],
  [trustPt, trustEn, trustEs],
  [assistPt, assistEn, assistEs],
  [templatesPt, templatesEn, templatesEs],
  [reportsPt, reportsEn, reportsEs],
  [privacyPt, privacyEn, privacyEs],
] as const;
for (const [ptTexts, enTexts, esTexts] of AREA_TEXTS) {
  for (const [lang, texts] of [
    ['pt', ptTexts],
    ['en', enTexts],
    ['es', esTexts],
  ] as const)
    i18n.addResourceBundle(lang, 'translation', texts, true, false);
}

const htmlLang = (lang: string) => (lang === 'pt' ? 'pt-BR' : lang);
document.documentElement.lang = htmlLang(i18n.language);

i18n.on('languageChanged', (lang) => {
  writeStored(storageKey.language, lang);
  document.documentElement.lang = htmlLang(lang);
});

export { i18n };
