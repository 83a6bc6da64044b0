import { Inject, Injectable } from '@nestjs/common';
import type { CompanyId } from '@cs/proto/common';
import { APP_CONFIG } from '@cs/platform/config';
import { TransactionHost } from '@cs/platform/database';
import { parseAllowedHosts, SafeHttpClient } from '@cs/platform/http';
import type { TicketsConfig } from '../../config/env.js';
import { SecretBox } from '@cs/platform/secrets';
import type { TicketRow } from '../tickets/tickets.repository.js';
import { DialogflowClient } from './dialogflow.client.js';
import type { QueueIntegrationRow } from './queue-integrations.repository.js';
import { parseServiceAccount } from './service-account.js';
import { choicesOf, textOf, type TypebotInput, type TypebotMessage } from './typebot-format.js';

export type BotReply =
  | { readonly kind: 'text'; readonly text: string }
  | {
      readonly kind: 'media';
      readonly url: string;
      readonly mimeType: string;
      readonly fileName: string;
      readonly caption: string;
    }
  | {
      readonly kind: 'file';
      readonly buffer: Buffer;
      readonly mimeType: string;
      readonly fileName: string;
      readonly caption: string;
    };

export interface BotOutcome {
  readonly replies: readonly BotReply[];
  /** A person takes over (in this queue, or the ticket's own when null; optionally assigned to a user). */
  readonly handOff: { queueId: number | null; userId?: number | null } | null;
  /** The customer typed the finish keyword: the ticket closes (rating and completion messages apply). */
  readonly close?: boolean;
  /** Pause before each reply (Typebot's `typebotDelayMessage`). */
  readonly delayMs?: number;
}

export interface InboundFacts {
  readonly body: string;
  readonly messageId: string;
  readonly mediaType: string;
  readonly mediaUrl: string | null;
  readonly contactName: string;
  readonly contactNumber: string;
}

const INVALID_MESSAGE = 'Invalid message. Please, try again.';
/** Dialogflow intents (by display name) that hand the ticket to a person. */
const HANDOFF_INTENT = /^(handoff|humano|atendente|transferir)/i;

const mediaReply = (url: string, mimeType: string, fallbackName: string): BotReply => ({
  kind: 'media',
  url,
  mimeType,
  fileName: decodeURIComponent(new URL(url).pathname.split('/').pop() || fallbackName),
  caption: '',
});

/**
 * Runs one customer message through a queue integration. Every call to a tenant's URL (Typebot, n8n, webhook)
 * goes through the platform's SSRF-safe client (private, loopback, link-local and metadata addresses refused
 * after DNS resolution; deadline; size limit; checked redirects); Dialogflow is Google's fixed host. Session
 * state (Typebot's session, Dialogflow's session id) lives in `integration_sessions`, so it survives restarts and
 * is shared by every pod.
 */
@Injectable()
export class IntegrationRunner {
  private readonly http: SafeHttpClient;

  constructor(
    @Inject(APP_CONFIG) private readonly config: TicketsConfig,
    private readonly transactions: TransactionHost,
    private readonly secrets: SecretBox,
    private readonly dialogflow: DialogflowClient,
  ) {
    this.http = new SafeHttpClient({
      allowedHosts: parseAllowedHosts(config.OUTBOUND_HTTP_ALLOWED_HOSTS),
      timeoutMs: config.TICKETS_INTEGRATION_TIMEOUT_MS,
      maxBytes: 1024 * 1024,
    });
  }

  async run(
    companyId: CompanyId,
    ticket: TicketRow,
    integration: QueueIntegrationRow,
    facts: InboundFacts,
  ): Promise<BotOutcome> {
    switch (integration.type) {
      case 'typebot':
        return this.typebot(companyId, ticket, integration, facts);
      case 'n8n':
      case 'webhook':
        return this.webhook(companyId, ticket, integration, facts);
      case 'dialogflow':
        return this.dialogflowTurn(companyId, ticket, integration, facts);
    }
  }

  // --- n8n / webhook ---------------------------------------------------------------------------------------------

  /**
   * POST of the message and the ticket as JSON. The answer may carry a reply: `{"reply": "text"}`,
   * `{"replies": ["a", "b"]}`, and `{"handoff": true, "queueId": 3}` to hand the ticket to a person.
   */
  private async webhook(
    companyId: CompanyId,
    ticket: TicketRow,
    integration: QueueIntegrationRow,
    facts: InboundFacts,
  ): Promise<BotOutcome> {
    const response = await this.http.request(integration.urlN8N, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        event: 'message',
        integration: { id: integration.id, type: integration.type, name: integration.name },
        companyId,
        message: {
          id: facts.messageId,
          body: facts.body,
          mediaType: facts.mediaType,
          mediaUrl: facts.mediaUrl,
          fromMe: false,
        },
        ticket: {
          id: ticket.id,
          uuid: ticket.uuid,
          status: ticket.status,
          queueId: ticket.queueId,
          whatsappId: ticket.whatsappId,
          contactId: ticket.contactId,
        },
        contact: { id: ticket.contactId, name: facts.contactName, number: facts.contactNumber },
      }),
    });
    if (response.status < 200 || response.status >= 300) throw new Error(`webhook answered ${response.status}`);
    let answer: { reply?: unknown; replies?: unknown; handoff?: unknown; queueId?: unknown } = {};
    try {
      answer = response.body.length > 0 ? response.json<typeof answer>() : {};
    } catch {
      answer = {};
    }
    const texts = [
      ...(typeof answer.reply === 'string' ? [answer.reply] : []),
      ...(Array.isArray(answer.replies)
        ? answer.replies.filter((item): item is string => typeof item === 'string')
        : []),
    ].filter((text) => text.trim().length > 0);
    const queueId = typeof answer.queueId === 'number' && Number.isInteger(answer.queueId) ? answer.queueId : null;
    return {
      replies: texts.map((text) => ({ kind: 'text', text })),
      handOff: answer.handoff === true ? { queueId } : null,
    };
  }

  // --- Typebot ---------------------------------------------------------------------------------------------------

  private async typebot(
    companyId: CompanyId,
    ticket: TicketRow,
    integration: QueueIntegrationRow,
    facts: InboundFacts,
  ): Promise<BotOutcome> {
    const typed = facts.body.trim().toLowerCase();
    const delayMs = integration.typebotDelayMessage;
    if (integration.typebotKeywordRestart && typed === integration.typebotKeywordRestart.toLowerCase()) {
      await this.dropSession(companyId, ticket.id);
      const text = integration.typebotRestartMessage.trim();
      return { replies: text ? [{ kind: 'text', text }] : [], handOff: null };
    }
    if (integration.typebotKeywordFinish && typed === integration.typebotKeywordFinish.toLowerCase()) {
      await this.dropSession(companyId, ticket.id);
      return { replies: [], handOff: null, close: true };
    }
    const base = integration.urlN8N.replace(/\/+$/, '');
    let session = await this.session(companyId, ticket.id, integration.id);
    const minuteMs = this.config.TICKETS_TIMER_MINUTE_MS;
    if (session && integration.typebotExpires > 0) {
      if (Date.now() - session.lastActivityAt.getTime() > integration.typebotExpires * minuteMs) {
        await this.dropSession(companyId, ticket.id);
        session = null;
      }
    }
    let answer: { sessionId?: string; messages?: TypebotMessage[]; input?: TypebotInput | null } | null = null;
    if (session) {
      const response = await this.http.request(
        `${base}/api/v1/sessions/${encodeURIComponent(session.id)}/continueChat`,
        {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ message: { type: 'text', text: facts.body }, textBubbleContentFormat: 'markdown' }),
        },
      );
      if (response.status === 404 || response.status === 400) {
        await this.dropSession(companyId, ticket.id);
        session = null;
      } else if (response.status >= 200 && response.status < 300) {
        answer = response.json();
      } else {
        throw new Error(`typebot answered ${response.status}`);
      }
    }
    if (!session) {
      const response = await this.http.request(
        `${base}/api/v1/typebots/${encodeURIComponent(integration.typebotSlug)}/startChat`,
        {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            isStreamEnabled: false,
            isOnlyRegistering: false,
            textBubbleContentFormat: 'markdown',
            prefilledVariables: { number: facts.contactNumber, pushName: facts.contactName },
          }),
        },
      );
      if (response.status < 200 || response.status >= 300) throw new Error(`typebot answered ${response.status}`);
      answer = response.json();
      if (!answer?.sessionId) throw new Error('typebot started no session');
    }
    const sessionId = session?.id ?? answer?.sessionId ?? '';
    if (answer?.input) await this.saveSession(companyId, ticket.id, integration.id, sessionId);
    else await this.dropSession(companyId, ticket.id);

    const replies: BotReply[] = [];
    let handOff: BotOutcome['handOff'] = null;
    for (const message of answer?.messages ?? []) {
      if (message.type === 'text') {
        const text = textOf(message).trim();
        if (text.startsWith('#')) {
          handOff = this.command(text) ?? handOff;
          continue;
        }
        if (text === INVALID_MESSAGE) {
          if (integration.typebotUnknownMessage.trim()) {
            replies.push({ kind: 'text', text: integration.typebotUnknownMessage.trim() });
          }
          continue;
        }
        if (text) replies.push({ kind: 'text', text });
      } else if (message.type === 'image' && message.content?.url) {
        replies.push(mediaReply(message.content.url, 'image/jpeg', 'imagem.jpg'));
      } else if (message.type === 'audio' && message.content?.url) {
        replies.push(mediaReply(message.content.url, 'audio/mpeg', 'audio.mp3'));
      } else if (message.type === 'video' && message.content?.url) {
        replies.push(mediaReply(message.content.url, 'video/mp4', 'video.mp4'));
      }
    }
    const choices = choicesOf(answer?.input);
    if (choices) replies.push({ kind: 'text', text: choices });
    return { replies, handOff, delayMs };
  }

  /** A bot text starting with `#` is a command: `{"stopBot":true}`, `{"queueId":N}`, `{"queueId":N,"userId":M}`. */
  private command(text: string): BotOutcome['handOff'] {
    try {
      const command = JSON.parse(text.slice(1)) as { stopBot?: unknown; queueId?: unknown; userId?: unknown };
      const queueId = typeof command.queueId === 'number' ? command.queueId : null;
      const userId = typeof command.userId === 'number' ? command.userId : null;
      if (command.stopBot === true || queueId !== null) return { queueId, userId };
    } catch {
      return null;
    }
    return null;
  }

  // --- Dialogflow ES ---------------------------------------------------------------------------------------------

  private async dialogflowTurn(
    companyId: CompanyId,
    ticket: TicketRow,
    integration: QueueIntegrationRow,
    facts: InboundFacts,
  ): Promise<BotOutcome> {
    const account = integration.jsonContentEnc
      ? parseServiceAccount(this.secrets.open(integration.jsonContentEnc))
      : null;
    if (!account) throw new Error('dialogflow integration without credentials');
    const existing = await this.session(companyId, ticket.id, integration.id);
    const sessionId = existing?.id ?? `ticket-${ticket.uuid}`;
    await this.saveSession(companyId, ticket.id, integration.id, sessionId);
    const result = await this.dialogflow.detectIntent(
      account,
      integration.projectName,
      sessionId,
      facts.body,
      integration.language,
    );
    const replies: BotReply[] = result.fulfillmentText ? [{ kind: 'text', text: result.fulfillmentText }] : [];
    const handOff = HANDOFF_INTENT.test(result.intent) || result.endInteraction ? { queueId: null } : null;
    return { replies, handOff };
  }

  // --- session state ---------------------------------------------------------------------------------------------

  private async session(
    companyId: CompanyId,
    ticketId: number,
    integrationId: number,
  ): Promise<{ id: string; lastActivityAt: Date } | null> {
    const [row] = await this.transactions.manager.query<Array<{ session_id: string; last_activity_at: Date }>>(
      `SELECT session_id, last_activity_at FROM integration_sessions
        WHERE company_id = $1 AND ticket_id = $2 AND integration_id = $3`,
      [companyId, ticketId, integrationId],
    );
    return row ? { id: row.session_id, lastActivityAt: new Date(row.last_activity_at) } : null;
  }

  private async saveSession(companyId: CompanyId, ticketId: number, integrationId: number, sessionId: string) {
    await this.transactions.manager.query(
      `INSERT INTO integration_sessions (company_id, ticket_id, integration_id, session_id) VALUES ($1, $2, $3, $4)
       ON CONFLICT (company_id, ticket_id) DO UPDATE SET integration_id = $3, session_id = $4, last_activity_at = now()`,
      [companyId, ticketId, integrationId, sessionId],
    );
  }

  private async dropSession(companyId: CompanyId, ticketId: number): Promise<void> {
    await this.transactions.manager.query('DELETE FROM integration_sessions WHERE company_id = $1 AND ticket_id = $2', [
      companyId,
      ticketId,
    ]);
  }
}
