import { Controller, HttpCode, Logger, Param, Post, Res } from '@nestjs/common';
import type { Response } from 'express';
import type { CompanyId } from '@cs/proto/common';
import type { AssistKind, AssistStreamEvent } from '@cs/proto/http';
import { IdPipe } from '@cs/platform/http';
import { CompanyIdParam, CurrentIdentity, type Identity } from '@cs/platform/tenancy';
import { AssistService } from './assist.service.js';
import { describeFailure } from './assist-endpoint.js';

const frame = ({ event, data }: AssistStreamEvent): string => `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;

/**
 * `POST /ai-assist/tickets/{ticketId}/summary|suggestion`: the text streamed to the agent as the endpoint writes
 * it (`text/event-stream`: `delta`… then `done`, or `error` if the endpoint fails midway). Refusals before the
 * first byte are ordinary JSON errors. The agent going away stops the call to the endpoint. `X-Accel-Buffering: no`
 * keeps a buffering proxy in front (the web image's nginx) from holding the events back.
 */
@Controller('ai-assist/tickets')
export class AssistController {
  private readonly logger = new Logger(AssistController.name);

  constructor(private readonly assist: AssistService) {}

  @Post(':ticketId/summary')
  @HttpCode(200)
  summary(
    @CompanyIdParam() companyId: CompanyId,
    @CurrentIdentity() identity: Identity,
    @Param('ticketId', new IdPipe('ERR_NO_TICKET_FOUND')) ticketId: number,
    @Res() response: Response,
  ): Promise<void> {
    return this.relay('summary', companyId, identity, ticketId, response);
  }

  @Post(':ticketId/suggestion')
  @HttpCode(200)
  suggestion(
    @CompanyIdParam() companyId: CompanyId,
    @CurrentIdentity() identity: Identity,
    @Param('ticketId', new IdPipe('ERR_NO_TICKET_FOUND')) ticketId: number,
    @Res() response: Response,
  ): Promise<void> {
    return this.relay('suggestion', companyId, identity, ticketId, response);
  }

  private async relay(
    kind: AssistKind,
    companyId: CompanyId,
    identity: Identity,
    ticketId: number,
    response: Response,
  ): Promise<void> {
    const cancel = new AbortController();
    response.on('close', () => cancel.abort());
    const pieces = await this.assist.open(companyId, identity, ticketId, kind, cancel.signal);
    response.status(200);
    response.setHeader('content-type', 'text/event-stream; charset=utf-8');
    response.setHeader('cache-control', 'no-cache, no-transform');
    response.setHeader('x-accel-buffering', 'no');
    response.flushHeaders();
    let text = '';
    try {
      for await (const piece of pieces) {
        text += piece;
        response.write(frame({ event: 'delta', data: { text: piece } }));
      }
      response.write(frame({ event: 'done', data: { text } }));
    } catch (error) {
      if (!cancel.signal.aborted) {
        const reason = describeFailure(error);
        this.logger.warn({ companyId, ticketId, kind, reason }, 'the AI assist endpoint failed midway');
        const message = `O provedor de IA da empresa falhou: ${reason}.`;
        response.write(frame({ event: 'error', data: { error: 'ERR_AI_ASSIST_FAILED', message } }));
      }
    } finally {
      response.end();
    }
  }
}
