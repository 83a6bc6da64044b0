import type { QueryRunner } from 'typeorm';
import { apiTokenDigest } from '../../modules/connections/api-token.js';
import { ConnectionTokenDigests1765490000000 } from './1765490000000-connection-token-digests.js';

describe('migration 1765490000000: connection tokens as digests', () => {
  it('hashes every stored token, marks the ones that fail the rule weak, and empties the clear column', async () => {
    const strong = 'Xk9mQ2vL7pR4tW8zN3bF6hJ1yC5eA0sD';
    const statements: Array<{ sql: string; params: unknown[] | undefined }> = [];
    const runner = {
      query: (sql: string, params?: unknown[]) => {
        statements.push({ sql, params });
        return Promise.resolve(
          sql.startsWith('SELECT id, token')
            ? [
                { id: 1, token: '137' },
                { id: 2, token: strong },
                { id: 3, token: '   ' },
              ]
            : [],
        );
      },
    } as unknown as QueryRunner;
    await new ConnectionTokenDigests1765490000000().up(runner);
    const updates = statements.filter((statement) => statement.sql.startsWith('UPDATE connections SET token_sha256'));
    expect(updates.map((statement) => statement.params)).toEqual([
      [1, apiTokenDigest('137'), true],
      [2, apiTokenDigest(strong), false],
      [3, apiTokenDigest('   '), true],
    ]);
    const emptied = statements.findIndex((statement) => statement.sql.startsWith("UPDATE connections SET token = ''"));
    expect(emptied).toBeGreaterThan(statements.indexOf(updates.at(-1)!));
  });
});
