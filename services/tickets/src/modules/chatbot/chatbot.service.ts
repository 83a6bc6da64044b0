import { Inject, Injectable } from '@nestjs/common';
import type { CompanyId } from '@cs/proto/common';
import { APP_CONFIG } from '@cs/platform/config';
import type { TicketsConfig } from '../../config/env.js';
import { MediaStorage } from '../media/media.storage.js';
import { renderTemplate } from '../messages/message-template.js';
import { mimeOf } from '../messages/mime-types.js';
import { OutboundService } from '../messages/outbound.service.js';
import type { CompanyView, ConnectionView } from '../projections/projections.repository.js';
import { type QueueOptionRow, type QueueRow, QueuesRepository } from '../queues/queues.repository.js';
import { type TicketRow, TicketsRepository } from '../tickets/tickets.repository.js';
import { AutoAssignService } from './auto-assign.service.js';
import { isWithinSchedule } from './business-hours.js';

export const INVALID_OPTION = 'Opção inválida, por favor, escolha uma opção válida.';
const BACK_TO_MAIN = '*[ # ]* - Voltar ao Menu Principal';
const MAIN_MENU = '*[ # ]* - Menu inicial';
const PREVIOUS_MENU = '*[ 0 ]* - Menu anterior';
/** Out-of-hours notices are not repeated to the same ticket within this many "minutes". */
const OUT_OF_HOURS_QUIET_MINUTES = 5;

export interface ChatbotInput {
  readonly companyId: CompanyId;
  readonly ticket: TicketRow;
  readonly body: string;
  readonly connection: ConnectionView;
  readonly company: CompanyView;
  readonly contactName: string;
}

const list = (items: ReadonlyArray<{ key: string; title: string }>): string =>
  items.map((item) => `*[ ${item.key} ]* - ${item.title}`).join('\n');

/**
 * The chatbot of reference §2.3/§2.5, with its state in the ticket row (queue, option, menu count) and the
 * attendance cycle (when the menu was last sent), so it survives restarts and works across pods. It answers
 * only customers' messages on pending, unassigned, non-group tickets without an integration.
 */
@Injectable()
export class ChatbotService {
  constructor(
    private readonly tickets: TicketsRepository,
    private readonly queues: QueuesRepository,
    private readonly outbound: OutboundService,
    private readonly media: MediaStorage,
    private readonly autoAssign: AutoAssignService,
    @Inject(APP_CONFIG) private readonly config: TicketsConfig,
  ) {}

  /** Whether the chatbot answers a customer's message on this ticket (else `handle` does nothing). */
  answers(ticket: TicketRow): boolean {
    return !ticket.isGroup && ticket.userId === null && ticket.status === 'pending' && !ticket.useIntegration;
  }

  /**
   * Whether `handle` certainly leaves this message alone, without a statement: a ticket it does not answer, or one
   * waiting in a queue without its option menu, with no schedule to check and no `#`.
   */
  idles(input: Pick<ChatbotInput, 'ticket' | 'body' | 'connection'> & { company: CompanyView | null }): boolean {
    const { ticket, company } = input;
    if (!this.answers(ticket)) return true;
    const scheduleType = company?.settings['scheduleType'] ?? 'disabled';
    if (scheduleType === 'company' || scheduleType === 'queue') return false;
    if (input.body.trim() === '#' && input.connection.queueIds.length > 0) return false;
    return ticket.queueId !== null && !ticket.chatbot;
  }

  /** Answers the customer's message; false when it certainly left the ticket as it was (nothing to do). */
  async handle(input: ChatbotInput): Promise<boolean> {
    const { ticket, company, connection } = input;
    if (this.idles(input)) return false;
    const body = input.body.trim();
    const scheduleType = company.settings['scheduleType'] ?? 'disabled';

    if (scheduleType === 'company' && !isWithinSchedule(company.schedules, company.timezone, new Date())) {
      await this.outOfHours(input, connection.outOfHoursMessage);
      return true;
    }

    if (body === '#' && connection.queueIds.length > 0) {
      const reset = await this.tickets.patch(input.companyId, ticket.id, {
        queueId: null,
        queueOptionId: null,
        chatbot: false,
        touch: false,
      });
      await this.mainMenu({ ...input, ticket: reset }, { force: true });
      return true;
    }

    if (ticket.queueId === null) {
      await this.chooseQueue(input, body);
      return true;
    }

    // in a queue without its option menu, only the queue's hours concern the chatbot
    if (!ticket.chatbot && scheduleType !== 'queue') return false;
    const queue = await this.queues.find(input.companyId, ticket.queueId);
    if (!queue) return false;
    if (scheduleType === 'queue' && !isWithinSchedule(queue.schedules, company.timezone, new Date())) {
      await this.outOfHours(input, queue.outOfHoursMessage);
      return true;
    }
    if (!ticket.chatbot) return false;
    await this.walkOptions(input, queue, body);
    return true;
  }

  private async chooseQueue(input: ChatbotInput, body: string): Promise<void> {
    const queues = await this.queues.findMany(input.companyId, input.connection.queueIds);
    if (queues.length === 0) {
      await this.greetOnce(input);
      return;
    }
    if (queues.length === 1) {
      const [queue] = queues as [QueueRow];
      if (
        input.company.settings['sendGreetingMessageOneQueues'] === 'enabled' &&
        input.connection.greetingMessage.trim().length > 1 &&
        input.ticket.greetingSentAt === null
      ) {
        await this.say(input, input.connection.greetingMessage);
        await this.tickets.patch(input.companyId, input.ticket.id, { greetingSentAt: new Date(), touch: false });
      }
      await this.enterQueue(input, queue, body);
      return;
    }
    const choice = /^\d+$/.test(body) ? queues[Number(body) - 1] : undefined;
    if (choice) {
      await this.enterQueue(input, choice, null);
      return;
    }
    await this.mainMenu(input, { invalid: input.ticket.botMenuCount > 0, queues });
  }

  /** Sends the greeting and the numbered queue list (the first time, or again after an invalid answer). */
  private async mainMenu(
    input: ChatbotInput,
    options: { invalid?: boolean; force?: boolean; queues?: QueueRow[] },
  ): Promise<void> {
    if (!options.force && !(await this.mayUseBot(input))) return;
    const queues = options.queues ?? (await this.queues.findMany(input.companyId, input.connection.queueIds));
    if (options.invalid) await this.say(input, INVALID_OPTION);
    const items = queues.map((queue, index) => ({ key: String(index + 1), title: queue.name }));
    const greeting = input.connection.greetingMessage.trim();
    await this.say(input, greeting ? `${greeting}\n\n${list(items)}` : list(items));
    await this.countMenu(input);
  }

  private async enterQueue(input: ChatbotInput, queue: QueueRow, firstAnswer: string | null): Promise<void> {
    const { companyId } = input;
    const root = await this.queues.options(companyId, queue.id, null);
    let ticket = await this.tickets.patch(companyId, input.ticket.id, {
      queueId: queue.id,
      chatbot: root.length > 0,
      queueOptionId: null,
      touch: false,
    });
    const cycle = await this.tickets.openCycle(companyId, ticket);
    await this.tickets.patchCycle(companyId, cycle.id, { queueId: queue.id, queuedAt: 'now' });

    const scheduleType = input.company.settings['scheduleType'] ?? 'disabled';
    if (scheduleType === 'queue' && !isWithinSchedule(queue.schedules, input.company.timezone, new Date())) {
      if (queue.outOfHoursMessage.trim()) {
        // the customer may pick another queue (or wait): the ticket goes back to the menu level
        await this.say({ ...input, ticket }, `${queue.outOfHoursMessage.trim()}\n\n${BACK_TO_MAIN}`);
        await this.tickets.patch(companyId, ticket.id, { queueId: null, chatbot: false, touch: false });
      }
      return;
    }
    // hook point for queue integrations and prompts (a later issue): `queue.integrationId` / `queue.promptId`
    if (root.length > 0) {
      if (firstAnswer !== null) {
        const picked = root.find((option) => option.option === firstAnswer);
        if (picked) {
          await this.pickOption({ ...input, ticket }, queue, picked);
          return;
        }
      }
      await this.optionsMenu({ ...input, ticket }, queue, null);
      return;
    }
    if (queue.greetingMessage.trim()) await this.say({ ...input, ticket }, queue.greetingMessage);
    if (queue.mediaPath) await this.sendMedia({ ...input, ticket }, queue.mediaPath, queue.mediaName);
    ticket = (await this.tickets.find(companyId, ticket.id)) ?? ticket;
    await this.autoAssign.assign(companyId, ticket);
  }

  private async walkOptions(input: ChatbotInput, queue: QueueRow, body: string): Promise<void> {
    const { companyId, ticket } = input;
    const current = ticket.queueOptionId ? await this.queues.option(companyId, ticket.queueOptionId) : null;
    if (body === '0' && current) {
      const parent = current.parentId ? await this.queues.option(companyId, current.parentId) : null;
      await this.tickets.patch(companyId, ticket.id, { queueOptionId: parent?.id ?? null, touch: false });
      await this.optionsMenu(input, queue, parent);
      return;
    }
    const children = await this.queues.options(companyId, queue.id, current?.id ?? null);
    const picked = children.find((option) => option.option === body);
    if (picked) {
      await this.pickOption(input, queue, picked);
      return;
    }
    if (!(await this.mayUseBot(input))) return;
    await this.say(input, INVALID_OPTION);
    await this.optionsMenu(input, queue, current, { counted: true });
  }

  private async pickOption(input: ChatbotInput, queue: QueueRow, option: QueueOptionRow): Promise<void> {
    const { companyId } = input;
    const children = await this.queues.options(companyId, queue.id, option.id);
    if (children.length > 0) {
      await this.tickets.patch(companyId, input.ticket.id, { queueOptionId: option.id, touch: false });
      await this.optionsMenu(input, queue, option);
      return;
    }
    // a leaf: its message (and media), then the bot stops and the ticket waits for an agent
    if (option.message.trim()) await this.say(input, option.message);
    if (option.mediaPath) await this.sendMedia(input, option.mediaPath, option.mediaName);
    const ticket = await this.tickets.patch(companyId, input.ticket.id, {
      queueOptionId: null,
      chatbot: false,
      touch: false,
    });
    await this.autoAssign.assign(companyId, ticket);
  }

  private async optionsMenu(
    input: ChatbotInput,
    queue: QueueRow,
    at: QueueOptionRow | null,
    flags: { counted?: boolean } = {},
  ): Promise<void> {
    const children = await this.queues.options(input.companyId, queue.id, at?.id ?? null);
    const header = (at ? at.message : queue.greetingMessage).trim();
    const footer = at ? `${PREVIOUS_MENU}\n${MAIN_MENU}` : MAIN_MENU;
    const items = list(children.map((child) => ({ key: child.option, title: child.title })));
    await this.say(input, [header, `${items}\n\n${footer}`].filter(Boolean).join('\n\n'));
    if (at?.mediaPath) await this.sendMedia(input, at.mediaPath, at.mediaName);
    if (!flags.counted) return;
    await this.countMenu(input);
  }

  /** `maxUseBotQueues` menus at most per cycle, and none again within `timeUseBotQueues` minutes of the last. */
  private async mayUseBot(input: ChatbotInput): Promise<boolean> {
    const { connection, ticket } = input;
    if (connection.maxUseBotQueues > 0 && ticket.botMenuCount >= connection.maxUseBotQueues) return false;
    if (connection.timeUseBotQueues > 0 && ticket.botMenuCount > 0) {
      const cycle = await this.tickets.currentCycle(input.companyId, ticket.id);
      const last = cycle?.chatbotAt?.getTime();
      if (last && Date.now() - last < connection.timeUseBotQueues * this.config.TICKETS_TIMER_MINUTE_MS) return false;
    }
    return true;
  }

  private async countMenu(input: ChatbotInput): Promise<void> {
    await this.tickets.countBotMenu(input.companyId, input.ticket.id);
  }

  private async greetOnce(input: ChatbotInput): Promise<void> {
    if (!input.connection.greetingMessage.trim() || input.ticket.greetingSentAt !== null) return;
    await this.say(input, input.connection.greetingMessage);
    await this.tickets.patch(input.companyId, input.ticket.id, { greetingSentAt: new Date(), touch: false });
  }

  private async outOfHours(input: ChatbotInput, text: string): Promise<void> {
    if (!text.trim()) return;
    const last = input.ticket.outOfHoursSentAt?.getTime();
    if (last && Date.now() - last < OUT_OF_HOURS_QUIET_MINUTES * this.config.TICKETS_TIMER_MINUTE_MS) return;
    await this.say(input, text);
    await this.tickets.patch(input.companyId, input.ticket.id, { outOfHoursSentAt: new Date(), touch: false });
  }

  private async say(input: ChatbotInput, text: string): Promise<void> {
    const ticket = (await this.tickets.find(input.companyId, input.ticket.id)) ?? input.ticket;
    const body = renderTemplate(text.trim(), {
      contactName: input.contactName,
      now: new Date(),
      timeZone: input.company.timezone,
    });
    await this.outbound.send(input.companyId, ticket, { body, isBot: true, userId: null });
  }

  private async sendMedia(input: ChatbotInput, path: string, name: string | null): Promise<void> {
    const ticket = (await this.tickets.find(input.companyId, input.ticket.id)) ?? input.ticket;
    const fileName = name ?? path.split('/').pop() ?? 'arquivo';
    await this.outbound.send(input.companyId, ticket, {
      body: '',
      media: { url: this.media.urlOf(path), mimeType: mimeOf(fileName), fileName },
      isBot: true,
      userId: null,
    });
  }
}
