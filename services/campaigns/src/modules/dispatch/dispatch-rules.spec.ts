import { DEFAULT_CAMPAIGN_SETTINGS } from '@cs/proto/http';
import {
  messageVariants,
  nextSendAt,
  sendsAllowedNow,
  shippingParts,
  shippingTexts,
  templateShipping,
  templateValuesProblem,
} from './dispatch-rules.js';

const noVariants = {
  message1: null,
  message2: null,
  message3: null,
  message4: null,
  message5: null,
  confirmation_message1: null,
  confirmation_message2: null,
  confirmation_message3: null,
  confirmation_message4: null,
  confirmation_message5: null,
};

const contact = (index: number) => ({ name: `Cliente ${index}`, number: `552199990000${index}`, email: '' });

describe('message rotation', () => {
  it('takes the filled message tabs in order and leaves blank ones out', () => {
    const row = { ...noVariants, message1: 'Oi', message2: '   ', message3: null, message4: 'Olá', message5: '' };
    expect(messageVariants(row, 'message')).toEqual(['Oi', 'Olá']);
    expect(messageVariants({ ...row, confirmation_message2: 'Confirma?' }, 'confirmation')).toEqual(['Confirma?']);
  });

  it('gives the contacts the variants in turn, with each contact’s own variables', () => {
    const messages = ['A {nome}', 'B {numero}', 'C {cupom}'];
    const texts = [0, 1, 2, 3, 4].map(
      (position) => shippingTexts(position, contact(position), messages, [], [{ key: 'cupom', value: 'BF10' }]).message,
    );
    expect(texts).toEqual(['A Cliente 0', 'B 5521999900001', 'C BF10', 'A Cliente 3', 'B 5521999900004']);
  });

  it('rotates the confirmation variants on their own, and asks for no confirmation without one', () => {
    const messages = ['M1', 'M2', 'M3'];
    const asked = [0, 1, 2].map((position) =>
      shippingTexts(position, contact(position), messages, ['C1 {nome}', 'C2'], []),
    );
    expect(asked).toEqual([
      { message: 'M1', confirmation: 'C1 Cliente 0' },
      { message: 'M2', confirmation: 'C2' },
      { message: 'M3', confirmation: 'C1 Cliente 2' },
    ]);
    expect(shippingTexts(4, contact(4), messages, [], []).confirmation).toBeNull();
  });
});

/** The send times a connection's pacing gives `count` messages when the dispatcher runs whenever it may send. */
function schedule(count: number, settings: typeof DEFAULT_CAMPAIGN_SETTINGS, batch = 200): number[] {
  const times: number[] = [];
  let now = new Date(0);
  let sent = 0;
  while (times.length < count) {
    const room = Math.min(sendsAllowedNow(sent, settings, batch), count - times.length);
    for (let i = 0; i < room; i += 1) times.push(now.getTime() / 1000);
    sent += room;
    now = nextSendAt(now, sent, settings);
  }
  return times;
}

describe('dispatch pacing', () => {
  it('waits messageInterval between messages and greaterInterval after every longerIntervalAfter', () => {
    const settings = { ...DEFAULT_CAMPAIGN_SETTINGS, messageInterval: 5, longerIntervalAfter: 3, greaterInterval: 60 };
    expect(schedule(7, settings)).toEqual([0, 5, 10, 70, 75, 80, 140]);
  });

  it('sends at once what zero intervals allow, pausing only for the longer interval', () => {
    const settings = { ...DEFAULT_CAMPAIGN_SETTINGS, messageInterval: 0, longerIntervalAfter: 3, greaterInterval: 30 };
    expect(schedule(7, settings)).toEqual([0, 0, 0, 30, 30, 30, 60]);
  });

  it('never hands more than one batch at a time', () => {
    const settings = { ...DEFAULT_CAMPAIGN_SETTINGS, messageInterval: 0, longerIntervalAfter: 0, greaterInterval: 0 };
    expect(sendsAllowedNow(0, settings, 200)).toBe(200);
    expect(sendsAllowedNow(500, settings, 7)).toBe(7);
  });

  it('goes on from a connection’s count so far (another campaign on the same connection counts too)', () => {
    const settings = { ...DEFAULT_CAMPAIGN_SETTINGS, messageInterval: 0, longerIntervalAfter: 10, greaterInterval: 60 };
    // 8 sent already: two more may go now, the tenth is followed by the longer pause
    expect(sendsAllowedNow(8, settings, 200)).toBe(2);
    expect(nextSendAt(new Date(0), 10, settings).getTime()).toBe(60_000);
  });
});

describe('what a contact receives', () => {
  const urlOf = (path: string) => `https://media.example/${path}`;
  const textCampaign = { confirmation: false, media_path: null, media_type: null, media_name: null };
  const shipping = { message: 'Oi Ana', confirmation_message: null, confirmed_at: null };
  const files = [
    { id: 7, path: 'company/1/files/0b7e5a52-7c1e-4c4e-9d0a-3f1e2b6c9a10-catalogo.pdf', media_type: 'application/pdf' },
    { id: 8, path: 'company/1/files/1c8f6b63-8d2f-4d5f-8e1b-4a2f3c7d0b21-foto.jpg', media_type: 'image/jpeg' },
  ];

  it('gets the message as a text', () => {
    expect(shippingParts(textCampaign, shipping, [], urlOf)).toEqual([
      { part: 'main', content: { kind: 'text', body: 'Oi Ana' } },
    ]);
  });

  it('gets a Cloud API template with the contact’s values, its rendered text as the body, the media left out', () => {
    const template = {
      name: 'retomar_conversa',
      language: 'pt_BR',
      components: [{ type: 'BODY', text: 'Oi {{1}}, cupom {{2}}' }],
      values: { header: [], body: ['{nome}', '{cupom}'], headerMedia: null, buttons: [] },
    };
    const contact = { name: 'Ana', number: '5511987654321', email: '' };
    const { message, values } = templateShipping(template, contact, [{ key: 'cupom', value: 'BF10' }]);
    expect({ message, values }).toEqual({
      message: 'Oi Ana, cupom BF10',
      values: { header: [], body: ['Ana', 'BF10'], headerMedia: null, buttons: [] },
    });
    const campaign = { ...textCampaign, template, media_path: 'campaign/3/oferta.mp4', media_type: 'video/mp4' };
    expect(shippingParts(campaign, { ...shipping, message, template_values: values }, [], urlOf)).toEqual([
      {
        part: 'main',
        content: {
          kind: 'text',
          body: 'Oi Ana, cupom BF10',
          template: {
            name: 'retomar_conversa',
            language: { code: 'pt_BR' },
            components: [
              {
                type: 'body',
                parameters: [
                  { type: 'text', text: 'Ana' },
                  { type: 'text', text: 'BF10' },
                ],
              },
            ],
          },
        },
      },
    ]);
  });

  it('sends a media header by its link and a URL button suffix with the contact’s values at the button’s index', () => {
    const template = {
      name: 'entrega_agendada',
      language: 'pt_BR',
      components: [
        { type: 'HEADER', format: 'IMAGE' },
        { type: 'BODY', text: 'Olá {{1}}' },
        {
          type: 'BUTTONS',
          buttons: [
            { type: 'QUICK_REPLY', text: 'Falar' },
            { type: 'URL', text: 'Acompanhar', url: 'https://loja.example.com/pedidos/{{1}}' },
          ],
        },
      ],
      values: {
        header: [],
        body: ['{nome}'],
        headerMedia: 'https://cdn.example.com/entrega.jpg',
        buttons: ['{cupom}'],
      },
    };
    const contact = { name: 'Ana', number: '5511987654321', email: '' };
    const { message, values } = templateShipping(template, contact, [{ key: 'cupom', value: 'BF10' }]);
    const [main] = shippingParts(
      { ...textCampaign, template },
      { ...shipping, message, template_values: values },
      [],
      urlOf,
    );
    expect(main?.content).toEqual({
      kind: 'text',
      body: 'Olá Ana\n\n[Falar] [Acompanhar]',
      template: {
        name: 'entrega_agendada',
        language: { code: 'pt_BR' },
        components: [
          { type: 'header', parameters: [{ type: 'image', image: { link: 'https://cdn.example.com/entrega.jpg' } }] },
          { type: 'body', parameters: [{ type: 'text', text: 'Ana' }] },
          { type: 'button', sub_type: 'url', index: '1', parameters: [{ type: 'text', text: 'BF10' }] },
        ],
      },
    });
  });

  it('names the template values a contact lacks: a part without values, or a value blank for this contact', () => {
    const template = {
      name: 'entrega_agendada',
      language: 'pt_BR',
      components: [
        { type: 'HEADER', format: 'VIDEO' },
        { type: 'BODY', text: 'Olá {{1}}' },
        { type: 'BUTTONS', buttons: [{ type: 'URL', text: 'Ver', url: 'https://loja.example.com/p/{{1}}' }] },
      ],
      values: { header: [], body: ['{nome}'], headerMedia: 'https://cdn.example.com/a.mp4', buttons: ['{email}'] },
    };
    const withEmail = { name: 'Ana', number: '5511987654321', email: 'ana@exemplo.com' };
    expect(templateValuesProblem(template, templateShipping(template, withEmail, []).values)).toBeNull();
    const noEmail = templateShipping(template, { ...withEmail, email: '' }, []).values;
    expect(templateValuesProblem(template, noEmail)).toBe(
      "the template's values are missing: values.buttons[0] is blank for this contact",
    );
    const noName = templateShipping(template, { ...withEmail, name: ' ' }, []).values;
    expect(templateValuesProblem(template, noName)).toBe(
      "the template's values are missing: values.body[0] is blank for this contact",
    );
    // a template saved without its media header's address (before campaigns kept one)
    const { headerMedia: _omitted, ...withoutMedia } = templateShipping(template, withEmail, []).values;
    expect(templateValuesProblem(template, withoutMedia)).toBe(
      "the template's values are missing: values.headerMedia takes 1 value(s), 0 given",
    );
  });

  it('gets the campaign’s media with the message as its caption', () => {
    const withMedia = {
      ...textCampaign,
      media_path: 'campaign/3/oferta.mp4',
      media_type: 'video/mp4',
      media_name: 'oferta.mp4',
    };
    expect(shippingParts(withMedia, shipping, [], urlOf)).toEqual([
      {
        part: 'main',
        content: {
          kind: 'media',
          mediaType: 'video',
          url: 'https://media.example/campaign/3/oferta.mp4',
          mimeType: 'video/mp4',
          fileName: 'oferta.mp4',
          caption: 'Oi Ana',
          ptt: false,
        },
      },
    ]);
  });

  it('gets the file list’s files first, named as uploaded, then the message', () => {
    const parts = shippingParts(textCampaign, shipping, files, urlOf);
    expect(parts.map(({ part }) => part)).toEqual(['file-7', 'file-8', 'main']);
    expect(parts[0]!.content).toMatchObject({
      kind: 'media',
      mediaType: 'document',
      fileName: 'catalogo.pdf',
      caption: '',
    });
    expect(parts[1]!.content).toMatchObject({ mediaType: 'image', fileName: 'foto.jpg' });
  });

  it('gets only the confirmation request until it replies, then the files and the message', () => {
    const confirming = { ...textCampaign, confirmation: true };
    const waiting = { ...shipping, confirmation_message: 'Podemos enviar a oferta?' };
    expect(shippingParts(confirming, waiting, files, urlOf)).toEqual([
      { part: 'confirm', content: { kind: 'text', body: 'Podemos enviar a oferta?' } },
    ]);
    const confirmed = { ...waiting, confirmed_at: new Date() };
    expect(shippingParts(confirming, confirmed, files, urlOf).map(({ part }) => part)).toEqual([
      'file-7',
      'file-8',
      'main',
    ]);
  });

  it('gets the message at once when the campaign asks for confirmation but this contact has no request text', () => {
    const confirming = { ...textCampaign, confirmation: true };
    expect(shippingParts(confirming, shipping, [], urlOf).map(({ part }) => part)).toEqual(['main']);
  });
});
