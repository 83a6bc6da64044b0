import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from './repo.js';
import { shapeGaps, upstreamFixture } from './upstream.js';

describe('shapeGaps', () => {
  it('accepts an answer with every recorded key and type, and extra keys', () => {
    expect(
      shapeGaps({ a: 1, b: { c: 'x' }, d: [{ e: true }] }, { a: 2, b: { c: 'y', z: 1 }, d: [{ e: false }] }),
    ).toEqual([]);
  });

  it('names each missing key, wrong type, bare-list mismatch and empty list', () => {
    expect(shapeGaps({ a: 1, b: { c: 'x' } }, { a: '1', b: {} })).toEqual([
      'a: number expected, got string',
      'b.c: missing',
    ]);
    expect(shapeGaps([{ id: 1 }], { invoices: [] })).toEqual(['(root): array expected, got object']);
    expect(shapeGaps({ list: [{ id: 1 }] }, { list: [] })).toEqual(['list: a non-empty list expected']);
    expect(shapeGaps({ users: [{ userId: 1 }] }, { users: [{ userId: 1 }, { id: 2 }] })).toEqual([
      'users[].userId: missing',
    ]);
  });

  it('takes a number for recorded numeric text, anything for a recorded null, and skips the named paths', () => {
    expect(shapeGaps({ count: '12', avg: '2.50', media: null }, { count: 12, avg: 2.5, media: 'x' })).toEqual([]);
    expect(shapeGaps({ count: 'doze' }, { count: 12 })).toEqual(['count: string expected, got number']);
    expect(shapeGaps({ a: { b: 1, c: 2 } }, { a: { c: 2 } }, ['a.b'])).toEqual([]);
    expect(shapeGaps([{ id: 1, key: 'k' }], [{ key: 'k' }], ['[].id'])).toEqual([]);
  });

  it('reads every recorded fixture of the established back end', () => {
    const names = readdirSync(join(repoRoot(), 'proto', 'fixtures', 'upstream')).filter((file) =>
      file.endsWith('.json'),
    );
    expect(names.length).toBeGreaterThan(0);
    for (const file of names) {
      const fixture = upstreamFixture(file.replace(/\.json$/, ''));
      expect(fixture.description).toEqual(expect.any(String));
      expect(fixture.recorded).toEqual(expect.any(String));
      expect(fixture.body).toBeDefined();
    }
  });
});
