import { Inject, Injectable, Logger } from '@nestjs/common';
import type { CompanyId } from '@cs/proto/common';
import type { AssistKind } from '@cs/proto/http';
import { APP_CONFIG } from '@cs/platform/config';
import { TransactionHost } from '@cs/platform/database';
import { DomainError } from '@cs/platform/errors';
import { SecretBox } from '@cs/platform/secrets';
import type { Identity } from '@cs/platform/tenancy';
import type { TicketsConfig } from '../../config/env.js';
import { PlanGate } from '../prompts/plan-gate.js';
import { TicketsQueries } from '../tickets/tickets.queries.js';
import { TicketsRepository } from '../tickets/tickets.repository.js';
import { assistMessages, type ConversationLine, MAX_TOKENS, transcriptOf } from './assist-conversation.js';
import { AssistEndpoint, describeFailure } from './assist-endpoint.js';
import { AssistSettingsRepository } from './assist-settings.repository.js';

/**
 * Summaries and reply suggestions for the agent on a ticket: gated by the plan's `useOpenAi`, the caller must be
 * able to open the ticket, and the company must have configured its own endpoint (else nothing is sent anywhere).
 * Only that ticket's most recent messages are sent, bounded in number (`TICKETS_AI_ASSIST_MAX_MESSAGES`) and size
 * (`TICKETS_AI_ASSIST_MAX_CHARS`); no contact data besides what the messages say.
 */
@Injectable()
export class AssistService {
  private readonly logger = new Logger(AssistService.name);

  constructor(
    @Inject(APP_CONFIG) private readonly config: TicketsConfig,
    private readonly transactions: TransactionHost,
    private readonly plans: PlanGate,
    private readonly tickets: TicketsRepository,
    private readonly ticketQueries: TicketsQueries,
    private readonly settings: AssistSettingsRepository,
    private readonly secrets: SecretBox,
    private readonly endpoint: AssistEndpoint,
  ) {}

  /** The text pieces as the endpoint writes them; every refusal (plan, ticket, configuration, endpoint) throws first. */
  async open(
    companyId: CompanyId,
    identity: Identity,
    ticketId: number,
    kind: AssistKind,
    signal: AbortSignal,
  ): Promise<AsyncIterable<string>> {
    await this.plans.require(companyId, 'useOpenAi');
    const ticket = await this.tickets.find(companyId, ticketId);
    if (!ticket) throw new DomainError('ERR_NO_TICKET_FOUND');
    if (!(await this.ticketQueries.canSee(companyId, identity, ticket))) throw new DomainError('ERR_NO_PERMISSION');
    const settings = await this.settings.find(companyId);
    if (!settings) throw new DomainError('ERR_AI_ASSIST_NOT_CONFIGURED');
    const apiKey = this.secrets.tryOpen(settings.apiKeyEnc);
    if (apiKey === null) {
      this.logger.warn({ companyId }, 'the stored AI assist key cannot be opened: an admin types it again');
      throw new DomainError('ERR_AI_ASSIST_NOT_CONFIGURED');
    }
    const transcript = transcriptOf(await this.history(companyId, ticketId), this.config.TICKETS_AI_ASSIST_MAX_CHARS);
    try {
      return await this.endpoint.stream(
        { baseUrl: settings.baseUrl, apiKey, model: settings.model },
        assistMessages(kind, transcript),
        MAX_TOKENS[kind],
        signal,
      );
    } catch (error) {
      const reason = describeFailure(error);
      this.logger.warn({ companyId, ticketId, kind, reason }, 'the AI assist endpoint failed');
      throw new DomainError('ERR_AI_ASSIST_FAILED', { message: `O provedor de IA da empresa falhou: ${reason}.` });
    }
  }

  /** The ticket's newest messages first (deleted ones, reactions and call logs left out). */
  private async history(companyId: CompanyId, ticketId: number): Promise<ConversationLine[]> {
    const rows = await this.transactions.manager.query<Array<{ body: string; from_me: boolean; media_type: string }>>(
      `SELECT body, from_me, media_type FROM messages
        WHERE company_id = $1 AND ticket_id = $2 AND NOT is_deleted AND media_type NOT IN ('reactionMessage', 'call_log')
        ORDER BY created_at DESC, seq DESC LIMIT $3`,
      [companyId, ticketId, this.config.TICKETS_AI_ASSIST_MAX_MESSAGES],
    );
    return rows.map((row) => ({ fromMe: row.from_me, body: row.body ?? '', mediaType: row.media_type }));
  }
}
