import { describe, expect, it } from 'vitest';
import { applyVariables, greeting, signBody } from './variables';

describe('message variables', () => {
  const now = new Date(2026, 10, 21, 9, 7, 5);
  it('fills firstName, name, ms, protocol, date and hour', () => {
    const text = applyVariables('{{ms}}, {{firstName}}! ({{name}}) #{{protocol}} {{date}} {{hour}} {{other}}', {
      contactName: 'Maria da Silva',
      ticketId: 42,
      now,
    });
    expect(text).toBe('Bom dia, Maria! (Maria da Silva) #2026112109070542 21/11/2026 09:07:05 {{other}}');
  });
  it('greets by the hour', () => {
    expect(greeting(new Date(2026, 0, 1, 3))).toBe('Boa madrugada');
    expect(greeting(new Date(2026, 0, 1, 13))).toBe('Boa tarde');
    expect(greeting(new Date(2026, 0, 1, 20))).toBe('Boa noite');
  });
  it('signs with the agent name in bold on its own line', () => {
    expect(signBody('Olá', 'Ana')).toBe('*Ana:*\nOlá');
  });
});
