import { describe, expect, it } from 'vitest';
import { insideServiceWindow } from './service-window';

const NOW = new Date('2026-12-06T12:00:00.000Z');

describe('the customer-service window', () => {
  it("is open for 24 hours after the customer's newest message, whatever we sent since", () => {
    const messages = [
      { fromMe: false, createdAt: '2026-12-05T12:30:00.000Z' },
      { fromMe: true, createdAt: '2026-12-06T11:00:00.000Z' },
    ];
    expect(insideServiceWindow(messages, NOW)).toBe(true);
    expect(insideServiceWindow(messages, new Date('2026-12-06T12:30:00.000Z'))).toBe(false);
  });

  it('is closed when the customer has not written (in the loaded messages)', () => {
    expect(insideServiceWindow([], NOW)).toBe(false);
    expect(insideServiceWindow([{ fromMe: true, createdAt: '2026-12-06T11:59:00.000Z' }], NOW)).toBe(false);
  });
});
