import { mapRow, mapRows } from './sql.js';

describe('RowReader', () => {
  it('reads typed columns, accepting int8 numbers sent as strings and dates as Date or text', () => {
    const snapshot = mapRow(
      {
        id: '42',
        company_id: 7,
        name: 'Ana',
        sent_at: new Date('2026-01-02T03:04:05Z'),
        due: '2026-02-01',
        active: true,
      },
      (r) => ({
        id: r.int('id'),
        companyId: r.int('company_id'),
        name: r.string('name'),
        sentAt: r.isoDate('sent_at'),
        due: r.isoDate('due'),
        active: r.boolean('active'),
      }),
    );
    expect(snapshot).toEqual({
      id: 42,
      companyId: 7,
      name: 'Ana',
      sentAt: '2026-01-02T03:04:05.000Z',
      due: new Date('2026-02-01').toISOString(),
      active: true,
    });
  });

  it('maps NULL columns to null only through nullable, and rejects values outside a closed set', () => {
    const rows = mapRows(
      [
        { ticket_id: null, status: 'ENVIADA' },
        { ticket_id: 5, status: 'ERRO' },
      ],
      (r) => ({ ticketId: r.nullable('ticket_id', r.int), status: r.oneOf('status', ['ENVIADA', 'ERRO'] as const) }),
    );
    expect(rows).toEqual([
      { ticketId: null, status: 'ENVIADA' },
      { ticketId: 5, status: 'ERRO' },
    ]);
    expect(() => mapRow({ status: 'OUTRA' }, (r) => r.oneOf('status', ['ENVIADA'] as const))).toThrow(
      'SQL column "status" is not one of ENVIADA (got string)',
    );
  });

  it('reads timestamps as Date and integer arrays, accepting int8 elements sent as strings', () => {
    const sentAt = new Date('2026-01-02T03:04:05Z');
    const row = mapRow({ sent_at: sentAt, due: '2026-02-01T00:00:00Z', queue_ids: [1, '2'], none: [] }, (r) => ({
      sentAt: r.date('sent_at'),
      due: r.date('due'),
      queueIds: r.intArray('queue_ids'),
      none: r.intArray('none'),
    }));
    expect(row.sentAt).toBe(sentAt);
    expect(row.due).toEqual(new Date('2026-02-01T00:00:00Z'));
    expect(row).toMatchObject({ queueIds: [1, 2], none: [] });
    expect(() => mapRow({ at: 'never' }, (r) => r.date('at'))).toThrow('SQL column "at" is not a timestamp');
    expect(() => mapRow({ at: null }, (r) => r.date('at'))).toThrow('SQL column "at" is NULL');
    expect(() => mapRow({ ids: '{1,2}' }, (r) => r.intArray('ids'))).toThrow(
      'SQL column "ids" is not an integer array (got string)',
    );
    expect(() => mapRow({ ids: [1, null] }, (r) => r.intArray('ids'))).toThrow(
      'SQL column "ids" is not an integer array (got object)',
    );
  });

  it('reads float columns sent as numbers (real) or strings (numeric), refusing non-numbers', () => {
    expect(mapRow({ temperature: 0.7, rate: '12.50' }, (r) => [r.float('temperature'), r.float('rate')])).toEqual([
      0.7, 12.5,
    ]);
    expect(() => mapRow({ rate: 'abc' }, (r) => r.float('rate'))).toThrow(
      'SQL column "rate" is not a number (got string)',
    );
    expect(() => mapRow({ rate: '' }, (r) => r.float('rate'))).toThrow(
      'SQL column "rate" is not a number (got string)',
    );
    expect(() => mapRow({ rate: 'NaN' }, (r) => r.float('rate'))).toThrow('SQL column "rate" is not a number');
  });

  it('names the column when it is missing, NULL or of the wrong type', () => {
    expect(() => mapRow({}, (r) => r.int('id'))).toThrow('SQL row has no column "id"');
    expect(() => mapRow({ id: null }, (r) => r.int('id'))).toThrow('SQL column "id" is NULL');
    expect(() => mapRow({ id: 'abc' }, (r) => r.int('id'))).toThrow('SQL column "id" is not an integer (got string)');
    expect(() => mapRow({ at: 'not a date' }, (r) => r.isoDate('at'))).toThrow('SQL column "at" is not a timestamp');
  });

  it('tells a column the SELECT left out from one it returned as NULL', () => {
    const read = (row: Record<string, unknown>) =>
      mapRow(row, (r) => (r.has('company_name') ? r.nullable('company_name', r.string) : 'not selected'));
    expect(read({ id: 1 })).toBe('not selected');
    expect(read({ company_name: null })).toBeNull();
    expect(read({ company_name: 'Acme' })).toBe('Acme');
  });

  it('reads bytea columns as the Buffer the driver returns, refusing text', () => {
    const content = Buffer.from('nome;numero');
    expect(mapRow({ content }, (r) => r.bytes('content'))).toBe(content);
    expect(() => mapRow({ content: 'nome;numero' }, (r) => r.bytes('content'))).toThrow(
      'SQL column "content" is not bytes (got string)',
    );
  });
});
