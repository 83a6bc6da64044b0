/**
 * Plays the other services' parts on the run's real Kafka broker: identity (companies), the connector
 * (connections; it answers every `whatsapp.message.send` with `whatsapp.message.sent`, or `send-failed` for the
 * numbers `failing` names) and contacts (lists, items, resolved inbound replies). It records every send command
 * and every campaign event the service publishes.
 */
import { randomUUID } from 'node:crypto';
import { type Consumer, Kafka, logLevel, type Producer } from 'kafkajs';
import type { EventDefinition, EventData, Envelope } from '@cs/proto/common';
import {
  CampaignsCampaignTopic,
  CampaignsFileListTopic,
  CampaignsShippingTopic,
  CompanyUpdated,
  ConnectionUpdated,
  ContactListCreated,
  ContactListItemCreated,
  InboundMessageResolved,
  MessageSendFailed,
  MessageSent,
  newConnectionSettings,
  SendMessage,
  TagCreated,
  type TypedEvent,
  TicketUpdated,
} from '@cs/proto/events';
import { checkedEnvelopeOf, eventsOf, parseEvent, TEST_INTERNAL_TOKEN, testRun } from '@cs/platform/testing';

const RECORDED = [
  'whatsapp.message.commands.v1',
  'campaigns.campaign.v1',
  'campaigns.file-list.v1',
  'campaigns.shipping.v1',
];

export const TEST_HEADERS = (companyId: number, profile: 'admin' | 'user' = 'admin', userId = 10) => ({
  'x-internal-token': TEST_INTERNAL_TOKEN,
  'x-company-id': String(companyId),
  'x-user-id': String(userId),
  'x-user-profile': profile,
});

export type SendCommand = EventData<typeof SendMessage> & { companyId: number; at: number };

export class Parties {
  private readonly kafka: Kafka;
  private readonly producer: Producer;
  private readonly consumer: Consumer;
  private readonly prefix = testRun().topicPrefix;
  readonly sends: SendCommand[] = [];
  /** The campaigns' own topics, each event parsed by its topic's schema (a typed `data` per `type`). */
  readonly campaignEvents: Array<TypedEvent<typeof CampaignsCampaignTopic>> = [];
  readonly fileEvents: Array<TypedEvent<typeof CampaignsFileListTopic>> = [];
  /** `campaigns.shipping.delivered` events (ADR 0006: the contacts' history in tickets). */
  readonly deliveredEvents: Array<TypedEvent<typeof CampaignsShippingTopic>> = [];
  /** WhatsApp ids the "connector" gave, by `clientMessageId`. */
  readonly waIds = new Map<string, string>();
  /** Numbers whose sends the "connector" reports as failed. */
  failing = new Set<string>();
  /** While false, sends are recorded but not answered (connector down). */
  answering = true;

  constructor() {
    this.kafka = new Kafka({
      clientId: 'campaigns-parties',
      brokers: testRun().brokers.split(','),
      logLevel: logLevel.NOTHING,
    });
    this.producer = this.kafka.producer({ allowAutoTopicCreation: false });
    this.consumer = this.kafka.consumer({ groupId: `campaigns-parties-${randomUUID()}`, maxWaitTimeInMs: 100 });
  }

  async start(): Promise<void> {
    await this.producer.connect();
    await this.consumer.connect();
    await this.consumer.subscribe({ topics: RECORDED.map((topic) => this.prefix + topic), fromBeginning: true });
    const joined = new Promise<void>((resolve) => {
      const off = this.consumer.on(this.consumer.events.GROUP_JOIN, () => {
        off();
        resolve();
      });
    });
    await this.consumer.run({
      eachMessage: async ({ topic, message }) => {
        const name = topic.slice(this.prefix.length);
        const envelope = JSON.parse(message.value?.toString() ?? '{}') as Envelope;
        if (name === CampaignsCampaignTopic.name)
          this.campaignEvents.push(parseEvent(CampaignsCampaignTopic, envelope));
        if (name === CampaignsFileListTopic.name) this.fileEvents.push(parseEvent(CampaignsFileListTopic, envelope));
        if (name === CampaignsShippingTopic.name)
          this.deliveredEvents.push(parseEvent(CampaignsShippingTopic, envelope));
        for (const { data } of name === 'whatsapp.message.commands.v1' ? eventsOf([envelope], SendMessage) : []) {
          this.sends.push({ ...data, companyId: envelope.companyId, at: Date.now() });
          if (this.answering) await this.answer(envelope.companyId, data);
        }
      },
    });
    await joined;
  }

  async stop(): Promise<void> {
    await this.consumer.disconnect();
    await this.producer.disconnect();
  }

  async answer(companyId: number, data: EventData<typeof SendMessage>): Promise<void> {
    const number = data.chatJid.split('@')[0]!;
    if (this.failing.has(number)) {
      await this.publish(
        'whatsapp.message-ack.v1',
        `${data.connectionId}:${data.chatJid}`,
        MessageSendFailed,
        companyId,
        {
          commandId: data.commandId,
          clientMessageId: data.clientMessageId,
          connectionId: data.connectionId,
          error: 'ERR_SENDING_WAPP_MSG',
          // what the connector reports when Meta refuses a Cloud API template
          reason:
            data.content.kind === 'text' && data.content.template
              ? 'the template was refused: (#132001) Template name does not exist in the translation'
              : 'simulated failure',
        },
      );
      return;
    }
    const messageId = `wa-${randomUUID()}`;
    this.waIds.set(data.clientMessageId, messageId);
    await this.publish('whatsapp.message-ack.v1', `${data.connectionId}:${data.chatJid}`, MessageSent, companyId, {
      commandId: data.commandId,
      clientMessageId: data.clientMessageId,
      connectionId: data.connectionId,
      chatJid: data.chatJid,
      messageId,
      timestamp: new Date().toISOString(),
    });
  }

  /** A valid envelope of `definition` (the data is checked against the proto schema first). */
  envelope<D extends EventDefinition>(definition: D, companyId: number, data: EventData<D>): string {
    return JSON.stringify(checkedEnvelopeOf(definition, companyId, data, { producer: 'campaigns-test' }));
  }

  /** Publishes a valid envelope of `definition`. */
  async publish<D extends EventDefinition>(
    topic: string,
    key: string,
    definition: D,
    companyId: number,
    data: EventData<D>,
  ): Promise<void> {
    await this.producer.send({
      topic: this.prefix + topic,
      messages: [{ key, value: this.envelope(definition, companyId, data) }],
    });
  }

  async company(
    companyId: number,
    options: { useCampaigns?: boolean; campaignsEnabled?: boolean } = {},
  ): Promise<void> {
    const now = new Date().toISOString().slice(0, 10);
    await this.publish('identity.company.v1', String(companyId), CompanyUpdated, companyId, {
      id: companyId,
      name: `Empresa ${companyId}`,
      email: null,
      phone: null,
      status: true,
      dueDate: now,
      recurrence: 'MENSAL',
      timezone: 'America/Sao_Paulo',
      schedules: [],
      plan: {
        id: 1,
        name: 'Plano',
        users: 10,
        connections: 10,
        queues: 10,
        value: 0,
        useCampaigns: options.useCampaigns ?? true,
        useSchedules: true,
        useInternalChat: true,
        useExternalApi: true,
        useKanban: true,
        useOpenAi: true,
        useIntegrations: true,
      },
      settings: { campaignsEnabled: String(options.campaignsEnabled ?? true) },
    });
  }

  async connection(companyId: number, id: number, name: string): Promise<void> {
    await this.publish('whatsapp.connection.v1', String(id), ConnectionUpdated, companyId, {
      id,
      companyId,
      name,
      status: 'CONNECTED',
      qrcode: '',
      retries: 0,
      ...newConnectionSettings(),
      isDefault: true,
      provider: 'simulator',
      number: null,
      updatedAt: new Date().toISOString(),
    });
  }

  async list(
    companyId: number,
    id: number,
    name: string,
    items: Array<{ id: number; name: string; number: string; email?: string; valid?: boolean | null }>,
  ): Promise<void> {
    await this.publish('contacts.contact-list.v1', String(id), ContactListCreated, companyId, {
      id,
      companyId,
      name,
      contactsCount: items.length,
    });
    // in order on the list's partition, 500 to a request (a 2,000-contact list in a few round trips)
    const messages = items.map((item) => ({
      key: String(id),
      value: this.envelope(ContactListItemCreated, companyId, {
        id: item.id,
        companyId,
        contactListId: id,
        name: item.name,
        number: item.number,
        email: item.email ?? '',
        isWhatsappValid: item.valid === undefined ? true : item.valid,
      }),
    }));
    for (let start = 0; start < messages.length; start += 500) {
      await this.producer.send({
        topic: `${this.prefix}contacts.contact-list.v1`,
        messages: messages.slice(start, start + 500),
      });
    }
  }

  /** A tag of the company, as tickets publishes it. */
  async tag(companyId: number, id: number, name: string): Promise<void> {
    await this.publish('tickets.tag.v1', String(id), TagCreated, companyId, {
      id,
      companyId,
      name,
      color: '#2196f3',
      kanban: 0,
      userId: null,
      ticketsCount: 0,
    });
  }

  async ticket(
    companyId: number,
    ticket: { id: number; contactId: number; name: string; number: string; tagIds: number[] },
  ): Promise<void> {
    const now = new Date().toISOString();
    await this.publish('tickets.ticket.v1', String(ticket.id), TicketUpdated, companyId, {
      ticket: {
        id: ticket.id,
        uuid: randomUUID(),
        companyId,
        status: 'closed',
        userId: null,
        queueId: null,
        whatsappId: null,
        contactId: ticket.contactId,
        isGroup: false,
        chatbot: false,
        useIntegration: false,
        promptId: null,
        integrationId: null,
        lastMessage: '',
        unreadMessages: 0,
        createdAt: now,
        updatedAt: now,
        contact: { id: ticket.contactId, name: ticket.name, number: ticket.number, email: '', profilePicUrl: null },
        queue: null,
        user: null,
        whatsapp: null,
        tags: ticket.tagIds.map((id) => ({ id, name: `tag ${id}`, color: '#000000' })),
      },
      previous: null,
    });
  }

  /** A contact writes on a connection (as contacts republishes it, resolved to the contact's number). */
  async reply(companyId: number, connectionId: number, number: string, body = 'sim'): Promise<void> {
    const now = new Date().toISOString();
    const chatJid = `${number}@s.whatsapp.net`;
    await this.publish('contacts.inbound-message.v1', `${connectionId}:${chatJid}`, InboundMessageResolved, companyId, {
      sourceEventId: randomUUID(),
      source: {
        type: 'whatsapp.message.received',
        data: {
          connectionId,
          chatJid,
          isGroup: false,
          groupName: null,
          contact: { jid: chatJid, number, lid: null, pushName: 'Contato' },
          messageId: `in-${randomUUID()}`,
          fromMe: false,
          timestamp: now,
          kind: 'text',
          body,
          media: null,
          location: null,
          vcards: [],
          quotedMessageId: null,
          isOffline: false,
        },
      },
      contact: {
        id: 1,
        companyId,
        name: 'Contato',
        number,
        email: '',
        profilePicUrl: null,
        isGroup: false,
        lid: null,
        extraInfo: [],
        createdAt: now,
        updatedAt: now,
      },
      groupContact: null,
    });
  }

  sendsTo(number: string): SendCommand[] {
    return this.sends.filter((send) => send.chatJid === `${number}@s.whatsapp.net`);
  }
}
