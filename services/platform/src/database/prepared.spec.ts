import pg from 'pg';

describe('preparedStatement', () => {
  it("leaves node-postgres as it is: pg.Client's query stays its own", async () => {
    const query = Object.getOwnPropertyDescriptor(pg.Client.prototype, 'query');
    const { preparedStatement } = await import('./prepared.js');
    preparedStatement('SELECT 1');
    expect(Object.getOwnPropertyDescriptor(pg.Client.prototype, 'query')).toEqual(query);
  });

  it('names a text by its content: the same text, the same name on every connection; another text, another', async () => {
    const { preparedStatement } = await import('./prepared.js');
    const text = 'SELECT * FROM tickets WHERE company_id = $1 AND id = ANY($2::int[])';
    const statement = preparedStatement(text);
    expect(statement.text).toBe(text);
    expect(statement.name).toMatch(/^cs_[0-9a-f]{20}$/);
    expect(preparedStatement(text)).toEqual(statement);
    expect(preparedStatement(`${text} FOR UPDATE`).name).not.toBe(statement.name);
  });
});
