import { Controller, Get, Query } from '@nestjs/common';
import type { CompanyId } from '@cs/proto/common';
import { type MessageCount, type MessageCountQuery, MessageCountQuerySchema } from '@cs/proto/http';
import { TransactionHost } from '@cs/platform/database';
import { ZodPipe } from '@cs/platform/http';
import { CompanyIdParam } from '@cs/platform/tenancy';
import { ProjectionsRepository } from '../projections/projections.repository.js';
import { parseDateTime } from '../time/local-time.js';

/** `YYYY-MM-DD` plus one day. */
const nextDay = (day: string): string => {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10);
};

/**
 * `GET /messages-allMe`: how many messages the caller's company has, sent (`fromMe=true`), received
 * (`fromMe=false`) or all, within whole days of its time zone when both `dateStart` and `dateEnd` are given; the
 * answer `{count: [{count}]}` is the established dashboard's.
 */
@Controller('messages-allMe')
export class MessageCountsController {
  constructor(
    private readonly transactions: TransactionHost,
    private readonly projections: ProjectionsRepository,
  ) {}

  @Get()
  async count(
    @CompanyIdParam() companyId: CompanyId,
    @Query(new ZodPipe(MessageCountQuerySchema)) query: MessageCountQuery,
  ): Promise<MessageCount> {
    let from: Date | null = null;
    let to: Date | null = null;
    if (query.dateStart && query.dateEnd) {
      const { timezone } = await this.projections.company(companyId);
      from = parseDateTime(`${query.dateStart}T00:00`, timezone);
      to = parseDateTime(`${nextDay(query.dateEnd)}T00:00`, timezone);
    }
    const fromMe = query.fromMe === undefined ? null : query.fromMe === 'true';
    const [row] = await this.transactions.run((db) =>
      db.query<Array<{ count: number }>>(
        `SELECT count(*)::int AS count FROM messages
          WHERE company_id = $1 AND ($2::boolean IS NULL OR from_me = $2)
            AND ($3::timestamptz IS NULL OR created_at >= $3) AND ($4::timestamptz IS NULL OR created_at < $4)`,
        [companyId, fromMe, from, to],
      ),
    );
    return { count: [{ count: row?.count ?? 0 }] };
  }
}
