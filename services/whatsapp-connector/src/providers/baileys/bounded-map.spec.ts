import { BoundedMap } from './bounded-map.js';

describe('BoundedMap', () => {
  it('forgets the oldest entries beyond its limit', () => {
    const map = new BoundedMap<number>(2);
    map.set('a', 1).set('b', 2).set('c', 3);
    expect([...map.keys()]).toEqual(['b', 'c']);
    expect(map.has('a')).toBe(false);
  });

  it('makes a key set again the newest, so it outlives older ones', () => {
    const map = new BoundedMap<number>(2);
    map.set('a', 1).set('b', 2).set('a', 10).set('c', 3);
    expect([...map.entries()]).toEqual([
      ['a', 10],
      ['c', 3],
    ]);
  });
});
