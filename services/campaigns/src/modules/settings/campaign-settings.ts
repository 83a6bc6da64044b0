import type { CampaignSettings, CampaignVariable } from '@cs/proto/http';

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
