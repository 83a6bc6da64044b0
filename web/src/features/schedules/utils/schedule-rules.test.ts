import { describe, expect, it } from 'vitest';
import { defaultSendAt, isAllowedAttachment, isSent, listBody, statusTone } from './schedule-rules';

describe('schedule rules', () => {
  it('colours the status chip as the spec says', () => {
    expect(statusTone('PENDENTE')).toBe('warning');
    expect(statusTone('ENVIADA')).toBe('success');
    expect(statusTone('ERRO')).toBe('error');
    expect(statusTone('failed')).toBe('error');
    expect(statusTone('AGENDADA')).toBe('neutral');
  });

  it('cuts the list body at 25 characters and defaults the send time to now + 1 h', () => {
    expect(listBody('Lembrete: sua consulta é amanhã às 9h')).toBe('Lembrete: sua consulta é ...');
    expect(listBody('Curta')).toBe('Curta');
    expect(defaultSendAt(new Date(2026, 10, 21, 23, 30))).toBe('2026-11-22T00:30');
  });

  it('is read-only once sent and takes only png/jpg/jpeg', () => {
    expect(isSent({ sentAt: null })).toBe(false);
    expect(isSent({ sentAt: '2026-11-21T10:00:00Z' })).toBe(true);
    expect(isAllowedAttachment(new File([''], 'foto.JPG'))).toBe(true);
    expect(isAllowedAttachment(new File([''], 'doc.pdf'))).toBe(false);
  });
});
