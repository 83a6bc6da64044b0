import { Inject, Injectable } from '@nestjs/common';
import OpenAI, { toFile } from 'openai';
import type { CompanyId } from '@cs/proto/common';
import { APP_CONFIG } from '@cs/platform/config';
import { TransactionHost } from '@cs/platform/database';
import type { TicketsConfig } from '../../config/env.js';
import type { PromptRow } from './prompts.repository.js';
import { SecretBox } from '@cs/platform/secrets';

/** The phrase the model starts its answer with when a person must take over (upstream's wording). */
export const TRANSFER_SIGNAL = 'Ação: Transferir para o setor de atendimento';

export interface AiAnswer {
  /** The text to send (the transfer signal removed); empty when the model only asked for a person. */
  readonly text: string;
  readonly handOff: boolean;
  /** The answer spoken (Azure TTS) when the prompt has a voice. */
  readonly audio: { buffer: Buffer; fileName: string; mimeType: string } | null;
}

interface HistoryRow {
  readonly id: string;
  readonly body: string;
  readonly from_me: boolean;
  readonly media_type: string;
}

const systemPrompt = (prompt: PromptRow, contactName: string): string =>
  [
    `Você é um assistente de atendimento por WhatsApp. Chame o cliente pelo primeiro nome (${contactName.split(/\s+/)[0] ?? ''}).`,
    `Responda em no máximo ${prompt.maxTokens} tokens.`,
    `Quando o cliente pedir uma pessoa, ou quando você não puder resolver, comece a resposta com "${TRANSFER_SIGNAL}".`,
    '',
    prompt.prompt,
  ].join('\n');

const escapeXml = (text: string): string => text.replace(/[<>&'"]/g, (char) => `&#${char.charCodeAt(0)};`);

/**
 * Answers a ticket with OpenAI's Chat Completions API (the official client, the prompt's own key): the prompt as
 * system message and the ticket's last `maxMessages` messages as the conversation, `maxTokens`, `temperature`.
 * Voice prompts are spoken through Azure's Speech REST API (mp3). Incoming audio is transcribed first.
 * Errors (quota, timeout, 5xx) are thrown to the caller, which hands the ticket to its queue.
 */
@Injectable()
export class AiResponder {
  constructor(
    @Inject(APP_CONFIG) private readonly config: TicketsConfig,
    private readonly transactions: TransactionHost,
    private readonly secrets: SecretBox,
  ) {}

  private client(prompt: PromptRow): OpenAI {
    return new OpenAI({
      apiKey: this.secrets.open(prompt.apiKeyEnc),
      baseURL: this.config.TICKETS_OPENAI_BASE_URL,
      timeout: this.config.TICKETS_OPENAI_TIMEOUT_MS,
      maxRetries: 1,
    });
  }

  /** `transcripts`: the text of audio messages (by message id), sent to the model instead of the file's name. */
  async answer(
    companyId: CompanyId,
    ticketId: number,
    prompt: PromptRow,
    contactName: string,
    transcripts: ReadonlyMap<string, string> = new Map(),
  ): Promise<AiAnswer> {
    const rows = await this.transactions.manager.query<HistoryRow[]>(
      `SELECT id, body, from_me, media_type FROM messages
        WHERE company_id = $1 AND ticket_id = $2 AND NOT is_deleted AND media_type NOT IN ('reactionMessage', 'call_log')
        ORDER BY created_at DESC, seq DESC LIMIT $3`,
      [companyId, ticketId, prompt.maxMessages],
    );
    const history = rows
      .reverse()
      .map((row) => ({ fromMe: row.from_me, content: transcripts.get(row.id) ?? row.body }))
      .filter((row) => row.content.trim().length > 0)
      .map((row) => ({ role: row.fromMe ? ('assistant' as const) : ('user' as const), content: row.content }));
    const completion = await this.client(prompt).chat.completions.create({
      model: this.config.TICKETS_OPENAI_MODEL,
      messages: [{ role: 'system', content: systemPrompt(prompt, contactName) }, ...history],
      max_tokens: prompt.maxTokens,
      temperature: prompt.temperature,
    });
    const raw = completion.choices[0]?.message.content?.trim() ?? '';
    const handOff = raw.includes(TRANSFER_SIGNAL);
    const text = raw
      .replace(TRANSFER_SIGNAL, '')
      .replace(/^[\s:.-]+/, '')
      .trim();
    const audio = text && prompt.voice !== 'texto' ? await this.speak(prompt, text) : null;
    return { text, handOff, audio };
  }

  /** OpenAI's transcription of an audio file (the customer's voice note). */
  async transcribe(prompt: PromptRow, audio: Buffer, fileName: string): Promise<string> {
    const result = await this.client(prompt).audio.transcriptions.create({
      model: this.config.TICKETS_OPENAI_TRANSCRIPTION_MODEL,
      file: await toFile(audio, fileName),
    });
    return result.text.trim();
  }

  /** Azure Speech REST TTS: SSML in, mp3 out. The region was validated to letters and digits. */
  private async speak(prompt: PromptRow, text: string): Promise<AiAnswer['audio']> {
    const key = prompt.voiceKeyEnc ? this.secrets.open(prompt.voiceKeyEnc) : '';
    const url = this.config.TICKETS_AZURE_TTS_URL.replace('{region}', prompt.voiceRegion);
    const response = await fetch(url, {
      method: 'POST',
      headers: {
        'Ocp-Apim-Subscription-Key': key,
        'Content-Type': 'application/ssml+xml',
        'X-Microsoft-OutputFormat': 'audio-24khz-48kbitrate-mono-mp3',
        'User-Agent': 'cs-tickets',
      },
      body: `<speak version="1.0" xml:lang="pt-BR"><voice name="${escapeXml(prompt.voice)}">${escapeXml(text)}</voice></speak>`,
      signal: AbortSignal.timeout(this.config.TICKETS_OPENAI_TIMEOUT_MS),
    });
    if (!response.ok) throw new Error(`azure tts answered ${response.status}`);
    return { buffer: Buffer.from(await response.arrayBuffer()), fileName: 'resposta.mp3', mimeType: 'audio/mpeg' };
  }

  /** Fetches an inbound media file from the connector's media URL (our own system's address, not a tenant's). */
  async readMedia(url: string): Promise<Buffer> {
    const response = await fetch(url, { signal: AbortSignal.timeout(this.config.TICKETS_OPENAI_TIMEOUT_MS) });
    if (!response.ok) throw new Error(`media answered ${response.status}`);
    return Buffer.from(await response.arrayBuffer());
  }
}
