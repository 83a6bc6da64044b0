import { fillVariables, renderTemplate, templateVariables, variableCount } from './template-text.js';

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
    expect(templateVariables(ORDER_SHIPPED)).toEqual({ header: 1, body: 2 });
    expect(variableCount('sem variáveis')).toBe(0);
    expect(variableCount('{{ 3 }} e {{1}}')).toBe(3);
    // a media header has no text values
    expect(
      templateVariables([
        { type: 'HEADER', format: 'IMAGE' },
        { type: 'BODY', text: '{{1}}' },
      ]),
    ).toEqual({
      header: 0,
      body: 1,
    });
  });

  it('fills the variables in order, leaving a missing one visible', () => {
    expect(fillVariables('Olá {{1}}, chega em {{2}}', ['Maria'])).toBe('Olá Maria, chega em {{2}}');
  });

  it('renders what the chat shows: header, body, footer and button labels', () => {
    expect(renderTemplate(ORDER_SHIPPED, { header: ['#4521'], body: ['Maria', 'amanhã'] })).toBe(
      '*Pedido #4521*\n\nOlá Maria, seu pedido saiu para entrega e chega em amanhã.\n\n_Loja Demo_\n\n[Falar com atendente] [Rastrear]',
    );
    expect(renderTemplate([{ type: 'BODY', text: 'Oi {{1}}!' }], { header: [], body: ['Ana'] })).toBe('Oi Ana!');
  });
});
