import { greetingOfHour, renderTemplate } from './message-template.js';

describe(renderTemplate.name, () => {
  const at = new Date('2026-11-20T17:05:09Z'); // 14:05:09 in São Paulo (UTC-3)

  it('renders the spec variables in the company time zone', () => {
    const text = renderTemplate('{{ms}} {{firstName}}! Protocolo {{protocol}} em {{date}} às {{hour}} ({{name}})', {
      contactName: 'Maria da Silva',
      now: at,
      timeZone: 'America/Sao_Paulo',
    });
    expect(text).toBe('Boa tarde Maria! Protocolo 20261120140509 em 20/11/2026 às 14:05:09 (Maria da Silva)');
  });

  it('leaves unknown variables untouched', () => {
    expect(renderTemplate('Olá {{cpf}}', { contactName: 'Ana', now: at, timeZone: 'UTC' })).toBe('Olá {{cpf}}');
  });

  it.each([
    [3, 'Boa madrugada'],
    [6, 'Bom dia'],
    [11, 'Bom dia'],
    [12, 'Boa tarde'],
    [17, 'Boa tarde'],
    [18, 'Boa noite'],
    [23, 'Boa noite'],
  ])('greets hour %i with %s', (hour, greeting) => {
    expect(greetingOfHour(hour)).toBe(greeting);
  });
});
