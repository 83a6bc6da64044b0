import type { AssistKind } from '@cs/proto/http';

/** A message of the ticket as the assistant reads it. */
export interface ConversationLine {
  readonly fromMe: boolean;
  readonly body: string;
  readonly mediaType: string;
}

/** The longest text of one message sent to the endpoint (longer ones are cut, marked with `…`). */
export const MESSAGE_CHARS = 1_000;

const SYSTEM: Record<AssistKind, string> = {
  summary: [
    'Resuma a conversa de atendimento por WhatsApp abaixo para um atendente que vai assumir o ticket.',
    'Escreva em português do Brasil, em no máximo 5 linhas curtas: quem é o cliente e o que ele quer, o que já foi',
    'respondido ou feito e o que ainda falta. Use só o que está na conversa; não invente dados.',
  ].join(' '),
  suggestion: [
    'Escreva um rascunho da próxima mensagem do atendente ao cliente na conversa de WhatsApp abaixo.',
    'Responda só com o texto da mensagem, em português do Brasil, cordial e objetivo, sem saudação repetida.',
    'Não prometa prazos, valores ou dados que não estejam na conversa.',
  ].join(' '),
};

/** How many tokens each answer may take: a few lines of summary, a message-sized draft. */
export const MAX_TOKENS: Record<AssistKind, number> = { summary: 300, suggestion: 400 };

const lineOf = (line: ConversationLine): string => {
  const body = line.body.trim().replace(/\s+\n/g, '\n');
  const cut = body.length > MESSAGE_CHARS ? `${body.slice(0, MESSAGE_CHARS)}…` : body;
  const media = line.mediaType === 'chat' || line.mediaType === 'extendedTextMessage' ? '' : `[${line.mediaType}] `;
  return `${line.fromMe ? 'Atendente' : 'Cliente'}: ${media}${cut}`;
};

/**
 * The conversation as one transcript, oldest first, from the ticket's newest messages (`newestFirst`): each one
 * cut to `MESSAGE_CHARS`, and messages kept from the newest back while the whole stays within `maxChars`.
 * Empty messages are left out.
 */
export function transcriptOf(newestFirst: readonly ConversationLine[], maxChars: number): string {
  const kept: string[] = [];
  let size = 0;
  for (const line of newestFirst) {
    if (!line.body.trim()) continue;
    const text = lineOf(line);
    if (size + text.length + 1 > maxChars) break;
    kept.push(text);
    size += text.length + 1;
  }
  return kept.reverse().join('\n');
}

/** The Chat Completions messages of a summary or a suggestion: the instruction, then the transcript. */
export function assistMessages(
  kind: AssistKind,
  transcript: string,
): Array<{ role: 'system' | 'user'; content: string }> {
  return [
    { role: 'system', content: SYSTEM[kind] },
    { role: 'user', content: `Conversa (da mais antiga para a mais recente):\n${transcript}` },
  ];
}
