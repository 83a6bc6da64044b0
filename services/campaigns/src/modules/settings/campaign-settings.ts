import { z } from 'zod';

/** The spec's options (seconds): the random interval, and "longer interval after" / "greater interval". */
export const MESSAGE_INTERVAL_OPTIONS = [0, 5, 10, 15, 20] as const;
export const LONGER_INTERVAL_OPTIONS = [0, 1, 5, 10, 15, 20, 30, 40, 60, 80, 100, 120] as const;

export interface CampaignVariable {
  readonly key: string;
  readonly value: string;
}

export interface CampaignSettings {
  readonly messageInterval: number;
  readonly longerIntervalAfter: number;
  readonly greaterInterval: number;
  readonly variables: readonly CampaignVariable[];
}

export const DEFAULT_CAMPAIGN_SETTINGS: CampaignSettings = {
  messageInterval: 20,
  longerIntervalAfter: 20,
  greaterInterval: 60,
  variables: [],
};

const option = (options: readonly number[], label: string) =>
  z.coerce
    .number({ error: `${label}: valor inválido` })
    .int()
    .refine((value) => options.includes(value), `${label}: escolha uma das opções`);

export const SaveCampaignSettingsSchema = z.object({
  settings: z
    .object({
      messageInterval: option(MESSAGE_INTERVAL_OPTIONS, 'Intervalo randômico de disparo').optional(),
      longerIntervalAfter: option(LONGER_INTERVAL_OPTIONS, 'Intervalo maior após').optional(),
      greaterInterval: option(LONGER_INTERVAL_OPTIONS, 'Intervalo de disparo maior').optional(),
      variables: z
        .array(
          z.object({
            key: z
              .string()
              .trim()
              .min(1, 'Informe o atalho da variável')
              .max(50, 'Too Long!')
              .regex(/^[^{}\s]+$/, 'O atalho não pode ter espaços nem chaves'),
            value: z.string().max(5000, 'Too Long!'),
          }),
        )
        .refine(
          (variables) => new Set(variables.map((variable) => variable.key)).size === variables.length,
          'Já existe uma variável com este atalho',
        )
        .optional(),
    })
    .strict(),
});
export type SaveCampaignSettings = z.infer<typeof SaveCampaignSettingsSchema>;

/**
 * The delay (seconds) after the `sent`-th message of a connection (1-based): `greaterInterval` after every
 * `longerIntervalAfter` messages, `messageInterval` otherwise (upstream compared with `longerIntervalAfter*1000`,
 * so its longer pause never happened).
 */
export function delayAfter(sent: number, settings: CampaignSettings): number {
  if (settings.longerIntervalAfter > 0 && sent > 0 && sent % settings.longerIntervalAfter === 0) {
    return settings.greaterInterval;
  }
  return settings.messageInterval;
}

/** `{nome}`, `{numero}`, `{email}` and the company's custom `{key}`s in a message. */
export function applyVariables(
  text: string,
  contact: { name: string; number: string; email: string },
  variables: readonly CampaignVariable[],
): string {
  let result = text.replaceAll('{nome}', contact.name).replaceAll('{numero}', contact.number);
  result = result.replaceAll('{email}', contact.email);
  for (const variable of variables) result = result.replaceAll(`{${variable.key}}`, variable.value);
  return result;
}
