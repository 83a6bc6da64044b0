import { validate, version } from 'uuid';
import { newEventId } from './event-ids.js';

describe('newEventId', () => {
  it('gives valid, distinct version 7 UUIDs that sort in the order they were made, across pool refills', () => {
    const before = Date.now();
    const ids = Array.from({ length: 5_000 }, () => newEventId());
    const after = Date.now();

    expect(ids.every((id) => validate(id) && version(id) === 7)).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    // many ids share a millisecond: the counter orders them, as the ids' text (what an index on them compares)
    expect([...ids].sort()).toEqual(ids);
    const millisecond = (id: string) => parseInt(id.replaceAll('-', '').slice(0, 12), 16);
    expect(millisecond(ids[0]!)).toBeGreaterThanOrEqual(before);
    expect(millisecond(ids.at(-1)!)).toBeLessThanOrEqual(after + 1);
  });

  it('draws fresh random bits for every id, not one pool slice over and over', () => {
    const tails = Array.from({ length: 600 }, () => newEventId().slice(-12));
    expect(new Set(tails).size).toBe(tails.length);
  });
});
