import { z } from 'zod';

const toggle = z.enum(['enabled', 'disabled']);
const text = z.string().max(5_000);

/**
 * Every setting a company has, with its default (created for every new company, so nothing is missing as it was
 * upstream) and the values it accepts (administration-and-extended.md §3, whaticket-backend.md §2.16).
 */
export const SETTINGS_CATALOGUE = {
  userRating: { default: 'disabled', schema: toggle },
  scheduleType: { default: 'disabled', schema: z.enum(['disabled', 'queue', 'company']) },
  CheckMsgIsGroup: { default: 'enabled', schema: toggle },
  call: { default: 'enabled', schema: toggle },
  chatBotType: { default: 'text', schema: z.enum(['text', 'button', 'list']) },
  sendGreetingAccepted: { default: 'disabled', schema: toggle },
  sendMsgTransfTicket: { default: 'disabled', schema: toggle },
  sendGreetingMessageOneQueues: { default: 'enabled', schema: toggle },
  userCreation: { default: 'enabled', schema: toggle },
  campaignsEnabled: { default: 'true', schema: z.enum(['true', 'false']) },
  /** Every user of the company must sign in with a second factor (an authenticator app). */
  twoFactorRequired: { default: 'disabled', schema: toggle },
  /**
   * Days the messages and media of a closed ticket are kept (tickets' retention job erases them afterwards);
   * empty: kept for good.
   */
  messageRetentionDays: {
    default: '',
    schema: z
      .string()
      .trim()
      .regex(/^(|[1-9][0-9]{0,4})$/, 'Informe um número de dias (1 a 99999) ou deixe vazio'),
  },
  asaas: { default: '', schema: text },
  tokenixc: { default: '', schema: text },
  ipixc: { default: '', schema: text },
  ipmkauth: { default: '', schema: text },
  clientidmkauth: { default: '', schema: text },
  clientsecretmkauth: { default: '', schema: text },
  tokensgp: { default: '', schema: text },
  ipsgp: { default: '', schema: text },
  appsgp: { default: '', schema: text },
} as const satisfies Record<string, { default: string; schema: z.ZodType<string> }>;

export type SettingKey = keyof typeof SETTINGS_CATALOGUE;

/** Other spellings clients use for a key (the spec writes `user-creation`). */
const ALIASES: Readonly<Record<string, SettingKey>> = { 'user-creation': 'userCreation' };

export const canonicalSettingKey = (key: string): SettingKey | undefined => {
  if (Object.hasOwn(SETTINGS_CATALOGUE, key)) return key as SettingKey;
  return ALIASES[key];
};

/** The settings every new company gets. */
export const DEFAULT_SETTINGS: Readonly<Record<string, string>> = Object.fromEntries(
  Object.entries(SETTINGS_CATALOGUE).map(([key, entry]) => [key, entry.default]),
);
