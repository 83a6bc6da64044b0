import type { InboundMessage } from '@cs/proto/events';
import type { TicketRow } from '../tickets/tickets.repository.js';
import { COMPANY, ticketRow } from '../../../test/factories/rows.js';
import { contactSnapshot, receivedText } from '../../../test/factories/inbound.js';
import {
  armsAutoTransfer,
  type Incoming,
  inboundMessage,
  inboundRoute,
  incomingOf,
  previewAfter,
  type Responders,
} from './inbound-rules.js';

/** A customer's open ticket with an agent, in a queue. */
const ticket = (overrides: Partial<TicketRow> = {}): TicketRow =>
  ticketRow({ status: 'open', userId: 3, queueId: 1, unreadMessages: 2, ...overrides });

/** Maria's text `WA1` ("quero comprar") on connection 1. */
const received = (overrides: Partial<InboundMessage> = {}): InboundMessage =>
  receivedText(contactSnapshot(COMPANY, 5, 'Maria', '5511999990000'), 1, overrides);

const customer: Incoming = incomingOf(received());
const phone: Incoming = incomingOf(received({ fromMe: true, body: 'respondi pelo celular' }));
const reaction: Incoming = { ...customer, mediaType: 'reactionMessage', body: '👍', conversational: false };

const nobody: Responders = { answers: () => false };
const bot: Responders = { answers: () => true };

describe('the route of an inbound message', () => {
  it('only stores a customer message on an agent’s ticket, and our own message from the phone anywhere', () => {
    expect(inboundRoute(ticket(), customer, nobody)).toBe('store');
    expect(inboundRoute(ticket({ status: 'closed' }), phone, bot)).toBe('store');
    expect(inboundRoute(ticket({ status: 'pending', queueId: null }), phone, nobody)).toBe('store');
  });

  it('reopens a closed ticket the customer writes to, whoever else might answer', () => {
    expect(inboundRoute(ticket({ status: 'closed' }), customer, bot)).toBe('reopen');
    expect(inboundRoute(ticket({ status: 'closed' }), customer, nobody)).toBe('reopen');
  });

  it('hands the customer to a bot that answers the ticket', () => {
    expect(inboundRoute(ticket({ status: 'pending', queueId: null, chatbot: true }), customer, bot)).toBe('bots');
  });

  it('arms the auto-transfer timer of a pending ticket in no queue, never a group’s', () => {
    expect(inboundRoute(ticket({ status: 'pending', queueId: null }), customer, nobody)).toBe('timer');
    expect(inboundRoute(ticket({ status: 'pending', queueId: 1 }), customer, nobody)).toBe('store');
    expect(armsAutoTransfer(ticket({ status: 'pending', queueId: null, isGroup: true }))).toBe(false);
    expect(armsAutoTransfer(ticket({ status: 'open', queueId: null }))).toBe(false);
  });

  it('lets reactions and missed calls be stored without reopening or waking a bot', () => {
    expect(inboundRoute(ticket({ status: 'closed' }), reaction, bot)).toBe('store');
    expect(inboundRoute(ticket({ status: 'pending', queueId: null }), reaction, bot)).toBe('store');
  });
});

describe("the ticket's preview after an inbound message", () => {
  it('counts the customer’s messages as unread, not their reactions; our own message reads the ticket', () => {
    expect(previewAfter(ticket(), customer)).toEqual({
      lastMessage: 'quero comprar',
      fromMe: false,
      unreadMessages: 3,
    });
    expect(previewAfter(ticket(), reaction)).toEqual({ lastMessage: '👍', fromMe: false, unreadMessages: 2 });
    expect(previewAfter(ticket(), phone)).toEqual({
      lastMessage: 'respondi pelo celular',
      fromMe: true,
      unreadMessages: 0,
    });
  });
});

describe('the stored inbound message', () => {
  it('is keyed by its WhatsApp id, in the ticket’s queue, the contact’s unless we sent it', () => {
    expect(inboundMessage(ticket(), 5, customer, null)).toMatchObject({
      id: 'WA1',
      waId: 'WA1',
      ticketId: 10,
      contactId: 5,
      queueId: 1,
      fromMe: false,
      ack: 0,
      read: false,
      mediaType: 'chat',
      quotedMsgId: null,
      createdAt: new Date('2026-01-02T03:04:05.000Z'),
    });
    expect(inboundMessage(ticket(), 5, phone, 'Q1')).toMatchObject({
      contactId: null,
      ack: 2,
      read: true,
      quotedMsgId: 'Q1',
    });
  });

  it('shows a location as image|link|description and a file without a caption by its name', () => {
    const location = incomingOf(
      received({
        kind: 'location',
        body: '',
        location: { latitude: -23.5, longitude: -46.6, name: 'Loja', address: 'Rua A', thumbnailUrl: null },
      }),
    );
    expect(location.body).toBe('|https://maps.google.com/maps?q=-23.5%2C-46.6&z=17&hl=pt-BR|Loja\nRua A');
    expect(location.mediaType).toBe('locationMessage');
  });
});
