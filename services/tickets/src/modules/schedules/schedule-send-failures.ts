import { Injectable, type OnModuleInit } from '@nestjs/common';
import { ScheduleUpdated } from '@cs/proto/events';
import { EventPublisher } from '@cs/platform/events';
import { ConversationHooks } from '../tickets/conversation-hooks.js';
import { SchedulesRepository } from './schedules.repository.js';

/**
 * A scheduled message the connector could not send turns its schedule to ERRO with the reason (unsent again: it
 * can be edited and rescheduled), reacting to the conversation layer's `ConversationHooks.sendFailed`.
 */
@Injectable()
export class ScheduleSendFailures implements OnModuleInit {
  constructor(
    private readonly hooks: ConversationHooks,
    private readonly schedules: SchedulesRepository,
    private readonly events: EventPublisher,
  ) {}

  onModuleInit(): void {
    this.hooks.sendFailed.on(async (companyId, { messageId, reason }) => {
      const schedule = await this.schedules.markFailedByMessage(companyId, messageId, reason);
      if (schedule) await this.events.emit(ScheduleUpdated, { companyId, key: schedule.id, data: schedule });
    });
  }
}
