import { describe, expect, it } from 'vitest';
import { campaignToForm, formToBody, isEditable, progressPercent, toZonedInput } from './campaign-form';

describe('campaign form', () => {
  it('sends empty strings as null and the date as YYYY-MM-DD HH:mm:ss', () => {
    const form = { ...campaignToForm(null, 'America/Sao_Paulo'), name: ' Natal ', whatsappId: '3', contactListId: '7' };
    form.messages[0] = 'Olá {nome}';
    form.scheduledAt = '2026-12-24T10:30';
    expect(formToBody(form)).toMatchObject({
      name: 'Natal',
      whatsappId: '3',
      contactListId: '7',
      tagListId: null,
      fileListId: null,
      message1: 'Olá {nome}',
      message2: null,
      confirmationMessage1: null,
      scheduledAt: '2026-12-24 10:30:00',
    });
  });

  it('shows a stored instant as the wall clock of the company’s zone, not the browser’s', () => {
    expect(toZonedInput('2026-11-27T12:00:00.000Z', 'America/Sao_Paulo')).toBe('2026-11-27T09:00');
    expect(toZonedInput('2026-11-27T12:00:00.000Z', 'Asia/Tokyo')).toBe('2026-11-27T21:00');
    // past midnight in the zone: the date moves too
    expect(toZonedInput('2026-11-28T02:30:00.000Z', 'America/Sao_Paulo')).toBe('2026-11-27T23:30');
    expect(toZonedInput(null, 'America/Sao_Paulo')).toBe('');
  });

  it('is editable when inactive, cancelled or scheduled more than one hour ahead', () => {
    const now = Date.parse('2026-11-24T12:00:00Z');
    expect(isEditable({ status: 'INATIVA', scheduledAt: null }, now)).toBe(true);
    expect(isEditable({ status: 'CANCELADA', scheduledAt: null }, now)).toBe(true);
    expect(isEditable({ status: 'PROGRAMADA', scheduledAt: '2026-11-24T13:30:00Z' }, now)).toBe(true);
    expect(isEditable({ status: 'PROGRAMADA', scheduledAt: '2026-11-24T12:30:00Z' }, now)).toBe(false);
    expect(isEditable({ status: 'EM_ANDAMENTO', scheduledAt: null }, now)).toBe(false);
  });

  it('measures progress as delivered of valid contacts', () => {
    expect(progressPercent({ valid: 0, delivered: 0 })).toBe(0);
    expect(progressPercent({ valid: 4, delivered: 1 })).toBe(25);
  });
});
