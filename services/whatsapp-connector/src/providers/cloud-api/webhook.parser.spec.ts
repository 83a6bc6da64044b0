import { readdirSync } from 'node:fs';
import { InboundMessageSchema, ReactionSchema } from '@cs/proto/events';
import { CloudWebhookBodySchema } from '@cs/proto/http';
import { fixture } from '../../../test/cloud-api/support/fixtures.js';
import type { InboundMessage } from '@cs/proto/events';
import { parseWebhook, type WebhookItem } from './webhook.parser.js';

const CONNECTION = { id: 41, phoneNumberId: '106540352242922' };
const MARIA = { jid: '5511987654321@s.whatsapp.net', number: '5511987654321', lid: null, pushName: 'Maria Souza' };

const parse = (name: string): WebhookItem[] => parseWebhook(fixture(name), CONNECTION);

/** The one received message of a fixture, checked against the event contract. */
function received(name: string): { data: InboundMessage; media: WebhookItem & { kind: 'message' } } {
  const messages = parse(name).filter((item): item is WebhookItem & { kind: 'message' } => item.kind === 'message');
  expect(messages).toHaveLength(1);
  const [item] = messages as [WebhookItem & { kind: 'message' }];
  expect(item.event.type).toBe('whatsapp.message.received');
  return { data: InboundMessageSchema.parse(item.event.data), media: item };
}

describe('the webhook body of the route catalogue (CloudWebhookBodySchema)', () => {
  const names = readdirSync(new URL('../../../test/cloud-api/fixtures/', import.meta.url)).filter((name) =>
    name.endsWith('.json'),
  );

  it.each(names)("describes Meta's delivery %s, every field kept", (name) => {
    const body = fixture(name);
    expect(CloudWebhookBodySchema.parse(body)).toEqual(body);
  });
});

describe(parseWebhook.name, () => {
  it('reads a text message with the sender as a 1:1 chat, and the profile name as a contact update', () => {
    const items = parse('message-text.json');
    expect(items[0]).toEqual({
      kind: 'contact',
      update: { contact: MARIA, isGroup: false, name: 'Maria Souza', profilePicUrl: null },
    });
    const { data } = received('message-text.json');
    expect(data).toEqual({
      connectionId: 41,
      chatJid: '5511987654321@s.whatsapp.net',
      isGroup: false,
      groupName: null,
      contact: MARIA,
      messageId: 'wamid.HBgNNTUxMTk4NzY1NDMyMRUCABIYFDNBM0MDAwMDAwMDAwMDAwMDAxAA==',
      fromMe: false,
      timestamp: '2025-11-21T08:00:00.000Z',
      kind: 'text',
      body: 'Olá, vocês entregam em Campinas?',
      media: null,
      location: null,
      vcards: [],
      quotedMessageId: null,
      isOffline: false,
    });
  });

  it('keeps the quoted message of a reply', () => {
    expect(received('message-reply.json').data.quotedMessageId).toBe(
      'wamid.HBgNNTUxMTk4NzY1NDMyMRUCABEYEjQ0QjlCMDY2RkI3QjY2RDg5MwA=',
    );
  });

  it.each([
    ['message-image.json', 'image', 'Foto do produto com defeito', '1479537139650973', 'image/jpeg', null, false],
    ['message-video.json', 'video', '', '1224542918873456', 'video/mp4', null, false],
    ['message-voice.json', 'audio', '', '1005614461345874', 'audio/ogg; codecs=opus', null, true],
    [
      'message-document.json',
      'document',
      'Segue o comprovante',
      '904516441768364',
      'application/pdf',
      'comprovante-pix.pdf',
      false,
    ],
    ['message-sticker.json', 'sticker', '', '1344558523408742', 'image/webp', null, false],
  ])(
    'reads %s as a %s message whose file is referenced for download',
    (name, kind, caption, id, mimeType, fileName, ptt) => {
      const { data, media } = received(name);
      expect(data.kind).toBe(kind);
      expect(data.body).toBe(caption);
      expect(data.media).toBeNull();
      expect(media.media).toEqual({ id, mimeType, fileName, ptt });
    },
  );

  it('reads a location with its name and address', () => {
    expect(received('message-location.json').data).toMatchObject({
      kind: 'location',
      body: '',
      location: {
        latitude: -23.561414,
        longitude: -46.655881,
        name: 'MASP',
        address: 'Av. Paulista, 1578 - Bela Vista, São Paulo - SP',
        thumbnailUrl: null,
      },
    });
  });

  it('turns shared contact cards into vCards that keep the WhatsApp id of each phone', () => {
    const { data } = received('message-contacts.json');
    expect(data.kind).toBe('vcard');
    expect(data.vcards).toHaveLength(1);
    expect(data.vcards[0]?.displayName).toBe('João Pereira');
    expect(data.vcards[0]?.vcard.split('\n')).toEqual([
      'BEGIN:VCARD',
      'VERSION:3.0',
      'N:Pereira;João;;;',
      'FN:João Pereira',
      'ORG:Oficina Pereira',
      'TITLE:Mecânico',
      'TEL;type=CELL;waid=5511912345678:+55 11 91234-5678',
      'EMAIL;type=WORK:joao@oficinapereira.com.br',
      'END:VCARD',
    ]);
  });

  it.each([
    ['message-button-reply.json', 'Confirmar pedido', 'wamid.HBgNNTUxMTk4NzY1NDMyMRUCABEYEjVCRjM0NjA1NjZCRjlEQkE5OQA='],
    ['message-list-reply.json', 'Suporte técnico', 'wamid.HBgNNTUxMTk4NzY1NDMyMRUCABEYEjNGRjQ1RTNFNEQ1RjA0QzZBMgA='],
    [
      'message-template-button.json',
      'Falar com atendente',
      'wamid.HBgNNTUxMTk4NzY1NDMyMRUCABEYEkE4QkZFNDNCOTk0NjE1RTg2MQA=',
    ],
  ])('reads the button or list choice of %s as text replying to the message that offered it', (name, body, quoted) => {
    expect(received(name).data).toMatchObject({ kind: 'text', body, quotedMessageId: quoted });
  });

  it('reads a reaction as a reacted event on its target, and an emptied one as a removal', () => {
    const body = fixture<{ entry: [{ changes: [{ value: { messages: [{ reaction: { emoji?: string } }] } }] }] }>(
      'message-reaction.json',
    );
    const [added] = parseWebhook(body, CONNECTION).filter((item) => item.kind === 'message') as Array<
      WebhookItem & { kind: 'message' }
    >;
    expect(added?.event.type).toBe('whatsapp.message.reacted');
    expect(ReactionSchema.parse(added?.event.data)).toMatchObject({
      messageId: 'wamid.HBgNNTUxMTk4NzY1NDMyMRUCABIYFDNBM0MDAwMDAwMDAwMDAwMDEzAA==',
      targetMessageId: 'wamid.HBgNNTUxMTk4NzY1NDMyMRUCABEYEjQ0QjlCMDY2RkI3QjY2RDg5MwA=',
      emoji: '👍',
      fromMe: false,
    });
    delete body.entry[0].changes[0].value.messages[0].reaction.emoji;
    const [removed] = parseWebhook(body, CONNECTION).filter((item) => item.kind === 'message') as Array<
      WebhookItem & { kind: 'message' }
    >;
    expect(removed?.event.data).toMatchObject({ emoji: '' });
  });

  it('ignores message types a ticket cannot show, saying why', () => {
    const items = parse('message-unsupported.json');
    expect(items.filter((item) => item.kind === 'message')).toEqual([]);
    expect(items).toContainEqual({
      kind: 'ignored',
      reason: 'message type unsupported',
      messageId: 'wamid.HBgNNTUxMTk4NzY1NDMyMRUCABIYFDNBM0MDAwMDAwMDAwMDAwMDE0AA==',
    });
  });

  it('maps statuses to acks: sent 2, delivered 3, read 4, failed 0', () => {
    const chatJid = '5511987654321@s.whatsapp.net';
    const first = 'wamid.HBgNNTUxMTk4NzY1NDMyMRUCABEYEjQ0QjlCMDY2RkI3QjY2RDg5MwA=';
    expect(parse('statuses.json')).toEqual([
      { kind: 'ack', update: { chatJid, messageId: first, ack: 2 }, failure: null },
      { kind: 'ack', update: { chatJid, messageId: first, ack: 3 }, failure: null },
      { kind: 'ack', update: { chatJid, messageId: first, ack: 4 }, failure: null },
      {
        kind: 'ack',
        update: { chatJid, messageId: 'wamid.HBgNNTUxMTk4NzY1NDMyMRUCABEYEjVCRjM0NjA1NjZCRjlEQkE5OQA=', ack: 0 },
        failure: { code: 131047, title: 'Re-engagement message' },
      },
    ]);
  });

  it('maps a played voice note to ack 5 and ignores statuses it does not know', () => {
    const body = fixture<{ entry: [{ changes: [{ value: { statuses: Array<{ status: string }> } }] }] }>(
      'statuses.json',
    );
    const statuses = body.entry[0].changes[0].value.statuses;
    statuses.splice(2);
    (statuses[0] as { status: string }).status = 'played';
    (statuses[1] as { status: string }).status = 'deleted';
    const items = parseWebhook(body, CONNECTION);
    expect(items.map((item) => (item.kind === 'ack' ? item.update.ack : item.kind))).toEqual([5, 'ignored']);
  });

  it('reads every entry and every change of one delivery, in order', () => {
    const items = parse('multi-entry.json');
    expect(items.map((item) => item.kind)).toEqual(['contact', 'message', 'contact', 'message', 'ack']);
    const bodies = items.flatMap((item) =>
      item.kind === 'message' && item.event.type === 'whatsapp.message.received' ? [item.event.data.body] : [],
    );
    expect(bodies).toEqual(['Primeira', 'Segunda']);
  });

  it("reads a template's status change with its business account, and ignores one that names no template", () => {
    expect(parseWebhook(fixture('template-status-rejected.json'), CONNECTION)).toEqual([
      {
        kind: 'template-status',
        update: {
          businessAccountId: '102290129340398',
          metaId: '1271035437563492',
          name: 'retomar_conversa',
          language: 'pt_BR',
          status: 'REJECTED',
          category: 'UTILITY',
          reason: 'INCORRECT_CATEGORY',
        },
      },
    ]);
    const empty = {
      object: 'whatsapp_business_account',
      entry: [{ id: '1', changes: [{ field: 'message_template_status_update', value: { event: 'APPROVED' } }] }],
    };
    expect(parseWebhook(empty, CONNECTION)).toMatchObject([{ kind: 'ignored' }]);
  });

  it('ignores changes for another phone number of the same app, and other fields', () => {
    const other = parseWebhook(fixture('message-text.json'), { id: 41, phoneNumberId: '999999999999999' });
    expect(other).toEqual([{ kind: 'ignored', reason: 'change for another phone number id', messageId: null }]);
    const body = fixture<{ entry: [{ changes: [{ field: string }] }] }>('message-text.json');
    body.entry[0].changes[0].field = 'account_update';
    expect(parseWebhook(body, CONNECTION)).toEqual([
      { kind: 'ignored', reason: 'field account_update', messageId: null },
    ]);
    expect(parseWebhook({ object: 'page', entry: [] }, CONNECTION)[0]?.kind).toBe('ignored');
  });

  it('reports errors Meta attaches to a delivery as ignored items, for the logs', () => {
    const body = fixture<{ entry: [{ changes: [{ value: Record<string, unknown> }] }] }>('message-text.json');
    body.entry[0].changes[0].value['errors'] = [{ code: 131000, title: 'Something went wrong' }];
    expect(parseWebhook(body, CONNECTION)[0]).toEqual({
      kind: 'ignored',
      reason: 'error 131000: Something went wrong',
      messageId: null,
    });
  });

  it('ignores a message without a phone number (a username-only user) instead of inventing a chat', () => {
    const body = fixture<{ entry: [{ changes: [{ value: { messages: [Record<string, unknown>] } }] }] }>(
      'message-text.json',
    );
    const message = body.entry[0].changes[0].value.messages[0];
    delete message['from'];
    message['from_user_id'] = 'BR.1502576394655843';
    expect(parseWebhook(body, CONNECTION).filter((item) => item.kind === 'message')).toEqual([]);
  });

  it('ignores a message or status whose id no store can hold (bounded at the edge: no poison event)', () => {
    type Body = { entry: Array<{ changes: Array<{ value: { messages: Array<{ id: string }> } }> }> };
    const copy = JSON.parse(JSON.stringify(fixture('message-text.json'))) as Body;
    const message = copy.entry[0]?.changes[0]?.value.messages[0];
    if (!message) throw new Error('fixture without a message');
    message.id = `wamid.${'A'.repeat(5_000)}`;
    const items = parseWebhook(copy, CONNECTION);
    expect(items.filter((item) => item.kind === 'message')).toHaveLength(0);
    expect(items).toContainEqual({ kind: 'ignored', reason: 'message id too long', messageId: null });
  });
});
