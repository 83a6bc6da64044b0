/** The spec's message variables, written `{{name}}` in a message. */
export const MESSAGE_VARIABLES = ['firstName', 'name', 'ms', 'protocol', 'date', 'hour'] as const;
export type MessageVariable = (typeof MESSAGE_VARIABLES)[number];

const pad = (n: number) => String(n).padStart(2, '0');

/** The greeting `{{ms}}` stands for, by the hour of day. */
export function greeting(now: Date): string {
  const h = now.getHours();
  if (h >= 6 && h < 12) return 'Bom dia';
  if (h >= 12 && h < 18) return 'Boa tarde';
  if (h >= 18) return 'Boa noite';
  return 'Boa madrugada';
}

export function applyVariables(text: string, ctx: { contactName: string; ticketId: number; now?: Date }): string {
  const now = ctx.now ?? new Date();
  const values: Record<MessageVariable, string> = {
    firstName: ctx.contactName.trim().split(/\s+/)[0] ?? '',
    name: ctx.contactName,
    ms: greeting(now),
    protocol: `${now.getFullYear()}${pad(now.getMonth() + 1)}${pad(now.getDate())}${pad(now.getHours())}${pad(now.getMinutes())}${pad(now.getSeconds())}${ctx.ticketId}`,
    date: `${pad(now.getDate())}/${pad(now.getMonth() + 1)}/${now.getFullYear()}`,
    hour: `${pad(now.getHours())}:${pad(now.getMinutes())}:${pad(now.getSeconds())}`,
  };
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, key: string) =>
    key in values ? values[key as MessageVariable] : whole,
  );
}

/** The "signed message" option: the agent's name in bold on its own line. */
export function signBody(body: string, userName: string): string {
  return `*${userName}:*\n${body}`;
}
