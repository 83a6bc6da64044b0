import { choicesOf, markdownToWhatsapp, richTextToWhatsapp, textOf } from './typebot-format.js';

describe('typebot output as WhatsApp text', () => {
  it('flattens rich text to WhatsApp markup', () => {
    expect(
      richTextToWhatsapp([
        { type: 'p', children: [{ text: 'Olá, ' }, { text: 'Maria', bold: true }, { text: '!' }] },
        { type: 'p', children: [{ type: 'a', url: 'https://loja.com.br', children: [{ text: 'nossa loja' }] }] },
        {
          type: 'p',
          children: [{ text: 'sublinhado', underline: true }, { text: ' e ' }, { text: 'itálico', italic: true }],
        },
      ]),
    ).toBe('Olá, *Maria*!\nnossa loja (https://loja.com.br)\n~sublinhado~ e _itálico_');
  });

  it('converts markdown bubbles', () => {
    expect(markdownToWhatsapp('**Pedido** confirmado, veja [aqui](https://loja.com.br/p/1)')).toBe(
      '*Pedido* confirmado, veja aqui (https://loja.com.br/p/1)',
    );
    expect(textOf({ type: 'text', content: { type: 'markdown', markdown: 'Oi \\*não negrito\\*' } })).toBe(
      'Oi *não negrito*',
    );
  });

  it('lists a choice input as ▶️ lines', () => {
    expect(choicesOf({ type: 'choice input', items: [{ content: 'Vendas' }, { content: 'Suporte' }] })).toBe(
      '▶️ Vendas\n▶️ Suporte',
    );
    expect(choicesOf({ type: 'text input' })).toBeNull();
  });
});
