import { Injectable } from '@nestjs/common';
import { v7 as uuidv7 } from 'uuid';
import type { CompanyId } from '@cs/proto/common';
import { CheckNumbers } from '@cs/proto/events';
import { mapRows, returningRows, type SqlRow, TransactionHost } from '@cs/platform/database';
import { EventPublisher } from '@cs/platform/events';

const CHECK_PURPOSES = ['create', 'contacts', 'list-items'] as const;
export type CheckPurpose = (typeof CHECK_PURPOSES)[number];

export interface NumberCheckResult {
  readonly number: string;
  readonly exists: boolean;
  readonly jid: string | null;
}

export interface NumberCheckAnswer {
  readonly results: readonly NumberCheckResult[];
  readonly error: string | null;
}

/** WhatsApp accepts up to 500 numbers per check command (proto `whatsapp.number.check`). */
export const CHECK_BATCH = 500;

/**
 * Asks the connector, over Kafka, whether numbers are on WhatsApp (`whatsapp.number.check` on
 * `whatsapp.contact.commands.v1`); the answer (`whatsapp.number.checked`) is recorded by the whatsapp-contacts
 * consumer. Never a synchronous call between services: the command leaves through the outbox with the change.
 */
@Injectable()
export class NumberChecksService {
  constructor(
    private readonly transactions: TransactionHost,
    private readonly events: EventPublisher,
  ) {}

  /** Records and sends one check command (inside the caller's transaction); returns its command id. */
  async request(companyId: CompanyId, purpose: CheckPurpose, numbers: readonly string[]): Promise<string> {
    const commandId = uuidv7();
    await this.transactions.run(async (manager) => {
      await manager.query('INSERT INTO number_checks (company_id, command_id, purpose) VALUES ($1, $2, $3)', [
        companyId,
        commandId,
        purpose,
      ]);
      await this.events.emit(CheckNumbers, {
        companyId,
        key: companyId,
        data: { commandId, connectionId: null, numbers: [...new Set(numbers)] },
      });
    });
    return commandId;
  }

  /** The answer of a check when it has arrived (locks the row until the caller's transaction ends). */
  async answerOf(
    companyId: CompanyId,
    commandId: string,
    options: { lock?: boolean } = {},
  ): Promise<NumberCheckAnswer | null> {
    const rows = await this.transactions.manager.query<SqlRow[]>(
      `SELECT answered_at, results, error FROM number_checks WHERE company_id = $1 AND command_id = $2${
        options.lock ? ' FOR UPDATE' : ''
      }`,
      [companyId, commandId],
    );
    const [answer] = mapRows(rows, (r) =>
      r.isNull('answered_at')
        ? null
        : {
            results: r.nullable('results', r.json<NumberCheckResult[]>) ?? [],
            error: r.nullable('error', r.string),
          },
    );
    return answer ?? null;
  }

  /** Waits up to `timeoutMs` for the connector's answer; null when it did not come in time. */
  async waitForAnswer(companyId: CompanyId, commandId: string, timeoutMs: number): Promise<NumberCheckAnswer | null> {
    const deadline = Date.now() + timeoutMs;
    for (let delay = 25; ; delay = Math.min(delay * 2, 200)) {
      const answer = await this.answerOf(companyId, commandId);
      if (answer || Date.now() >= deadline) return answer;
      await new Promise((resolve) => setTimeout(resolve, Math.min(delay, Math.max(0, deadline - Date.now()))));
    }
  }

  /**
   * Records the connector's answer; returns the purpose of the check, or null when it is unknown (another
   * company's command, or one already answered).
   */
  async recordAnswer(companyId: CompanyId, commandId: string, answer: NumberCheckAnswer): Promise<CheckPurpose | null> {
    const rows = await returningRows<SqlRow>(
      this.transactions.manager,
      `UPDATE number_checks SET answered_at = now(), results = $3::jsonb, error = $4
       WHERE company_id = $1 AND command_id = $2 AND answered_at IS NULL RETURNING purpose`,
      [companyId, commandId, JSON.stringify(answer.results), answer.error],
    );
    return mapRows(rows, (r) => r.oneOf('purpose', CHECK_PURPOSES))[0] ?? null;
  }
}
