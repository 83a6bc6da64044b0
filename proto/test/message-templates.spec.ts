import {
  cloudTemplateSend,
  fillCloudTemplate,
  renderCloudTemplate,
  cloudTemplateVariables,
  cloudVariableCount,
  templateHeaderMedia,
  templateUrlButtons,
  templateValueMismatches,
} from '../src/http/message-templates.js';

const ORDER_SHIPPED = [
  { type: 'HEADER', format: 'TEXT', text: 'Pedido {{1}}' },
  { type: 'BODY', text: 'Olá {{1}}, seu pedido saiu para entrega e chega em {{2}}.' },
  { type: 'FOOTER', text: 'Loja Demo' },
  {
    type: 'BUTTONS',
    buttons: [
      { type: 'QUICK_REPLY', text: 'Falar com atendente' },
      { type: 'URL', text: 'Rastrear', url: 'https://loja.example.com/rastreio' },
    ],
  },
];

describe('message template text', () => {
  it('counts the values a header and a body take', () => {
    expect(cloudTemplateVariables(ORDER_SHIPPED)).toEqual({ header: 1, body: 2 });
    expect(cloudVariableCount('sem variáveis')).toBe(0);
    expect(cloudVariableCount('{{ 3 }} e {{1}}')).toBe(3);
    // a media header has no text values
    expect(
      cloudTemplateVariables([
        { type: 'HEADER', format: 'IMAGE' },
        { type: 'BODY', text: '{{1}}' },
      ]),
    ).toEqual({
      header: 0,
      body: 1,
    });
  });

  it('fills the variables in order, leaving a missing one visible', () => {
    expect(fillCloudTemplate('Olá {{1}}, chega em {{2}}', ['Maria'])).toBe('Olá Maria, chega em {{2}}');
  });

  it('renders what the chat shows: header, body, footer and button labels', () => {
    expect(renderCloudTemplate(ORDER_SHIPPED, { header: ['#4521'], body: ['Maria', 'amanhã'] })).toBe(
      '*Pedido #4521*\n\nOlá Maria, seu pedido saiu para entrega e chega em amanhã.\n\n_Loja Demo_\n\n[Falar com atendente] [Rastrear]',
    );
    expect(renderCloudTemplate([{ type: 'BODY', text: 'Oi {{1}}!' }], { header: [], body: ['Ana'] })).toBe('Oi Ana!');
  });
});

describe('media headers and URL buttons', () => {
  const DOCUMENT = [
    { type: 'HEADER', format: 'DOCUMENT' },
    { type: 'BODY', text: 'Seu boleto, {{1}}.' },
    {
      type: 'BUTTONS',
      buttons: [
        { type: 'URL', text: 'Site', url: 'https://loja.example.com/' },
        { type: 'QUICK_REPLY', text: 'Falar' },
        { type: 'URL', text: 'Pagar', url: 'https://loja.example.com/boletos/{{1}}' },
      ],
    },
  ];

  it('knows the header media and which URL buttons take a suffix (by their index among the buttons)', () => {
    expect(templateHeaderMedia(DOCUMENT)).toBe('document');
    expect(templateHeaderMedia(ORDER_SHIPPED)).toBeNull();
    expect(templateUrlButtons(DOCUMENT)).toEqual([2]);
    expect(templateUrlButtons(ORDER_SHIPPED)).toEqual([]);
  });

  it('asks for the media address and each suffix', () => {
    expect(templateValueMismatches(DOCUMENT, { header: [], body: ['Ana'] })).toEqual([
      { part: 'headerMedia', expected: 1, given: 0 },
      { part: 'buttons', expected: 1, given: 0 },
    ]);
    expect(
      templateValueMismatches(DOCUMENT, {
        header: [],
        body: ['Ana'],
        headerMedia: 'https://cdn.example.com/b.pdf',
        buttons: ['77'],
      }),
    ).toEqual([]);
    // a text template takes no media
    expect(
      templateValueMismatches(ORDER_SHIPPED, { header: ['#1'], body: ['a', 'b'], headerMedia: 'https://x.test/a.png' }),
    ).toEqual([{ part: 'headerMedia', expected: 0, given: 1 }]);
  });

  it("builds Meta's components: the document by link with its file name, the suffix at the button's index", () => {
    expect(
      cloudTemplateSend(
        'boleto',
        'pt_BR',
        { header: [], body: ['Ana'], headerMedia: 'https://cdn.example.com/boletos/b%C3%A1sico.pdf', buttons: ['77'] },
        DOCUMENT,
      ),
    ).toEqual({
      name: 'boleto',
      language: { code: 'pt_BR' },
      components: [
        {
          type: 'header',
          parameters: [
            {
              type: 'document',
              document: { link: 'https://cdn.example.com/boletos/b%C3%A1sico.pdf', filename: 'básico.pdf' },
            },
          ],
        },
        { type: 'body', parameters: [{ type: 'text', text: 'Ana' }] },
        { type: 'button', sub_type: 'url', index: '2', parameters: [{ type: 'text', text: '77' }] },
      ],
    });
  });

  it("names a document by its address's path alone, and not at all when the path names no file", () => {
    const header = (headerMedia: string) =>
      cloudTemplateSend('boleto', 'pt_BR', { header: [], body: ['Ana'], headerMedia, buttons: ['77'] }, DOCUMENT)
        .components[0];
    expect(header('https://cdn.example.com/b/fatura.pdf?token=a/b.pdf#p=2')).toEqual({
      type: 'header',
      parameters: [
        {
          type: 'document',
          document: { link: 'https://cdn.example.com/b/fatura.pdf?token=a/b.pdf#p=2', filename: 'fatura.pdf' },
        },
      ],
    });
    for (const link of [
      'https://cdn.example.com',
      'https://cdn.example.com/b/',
      'https://cdn.example.com/%E0%A4%A.pdf',
    ])
      expect(header(link)).toEqual({ type: 'header', parameters: [{ type: 'document', document: { link } }] });
  });
});
