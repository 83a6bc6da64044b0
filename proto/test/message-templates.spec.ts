import {
  fillCloudTemplate,
  renderCloudTemplate,
  cloudTemplateVariables,
  cloudVariableCount,
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
