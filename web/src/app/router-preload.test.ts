import { describe, expect, it, vi } from 'vitest';

const loaded = vi.hoisted(() => [] as string[]);
vi.mock('../layout/app-layout', () => {
  loaded.push('layout');
  return { default: () => null };
});
vi.mock('../routes/tickets-page', () => {
  loaded.push('tickets');
  return { default: () => null };
});
vi.mock('../routes/contacts-page', () => {
  loaded.push('contacts');
  return { default: () => null };
});

describe('route code on a cold visit', () => {
  it("loads the shell and the visited page's code together, and no other page's", async () => {
    const { preloadRoute } = await import('./router');
    expect(loaded).toEqual([]);
    preloadRoute('/tickets/2f6c1c52-8f0e-4d5b-9a57-3c1b6f0f2a10');
    await vi.waitFor(() => expect([...loaded].sort()).toEqual(['layout', 'tickets']));
    expect(loaded).not.toContain('contacts');
  });
});
