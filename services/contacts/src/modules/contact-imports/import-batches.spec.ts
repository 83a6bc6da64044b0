import { mergeDuplicates } from './import-batches.js';
import { parseRow, type ParsedRow } from './import-rows.js';

type ValidRow = Extract<ParsedRow, { kind: 'valid' }>;

/** Sheet rows (name, number, email) as the import parses them. */
const parsed = (...rows: Array<[string, string, string]>): ValidRow[] =>
  rows.map((cells, index) => {
    const row = parseRow({ row: index + 2, cells }, { name: 0, number: 1, email: 2 });
    if (row.kind !== 'valid') throw new Error(`row ${index + 2} is ${row.kind}`);
    return row;
  });

describe('duplicate rows of an import', () => {
  it('become one contact whatever spelling of the number each row uses', () => {
    const rows = parsed(
      ['Ana', '(21) 99876-5432', ''],
      ['Ana Souza', '+55 21 99876-5432', ''],
      ['', '552198765432', ''], // the old eight-digit spelling of the same mobile
    );
    const merged = mergeDuplicates(rows);
    expect(merged.map((row) => [row.name, row.number])).toEqual([['Ana', '5521998765432']]);
  });

  it('keep the first name given and the first e-mail given', () => {
    const rows = parsed(
      ['', '21 99876-5432', ''],
      ['Bruno', '21 99876-5432', ''],
      ['Bruno Lima', '21 99876-5432', 'bruno@example.com'],
      ['Outro', '21 99876-5432', 'outro@example.com'],
    );
    expect(mergeDuplicates(rows)).toEqual([
      expect.objectContaining({ name: 'Bruno', nameGiven: true, email: 'bruno@example.com', number: '5521998765432' }),
    ]);
  });

  it('leave different numbers apart, in the order of the sheet', () => {
    const rows = parsed(['Ana', '21 99876-5432', ''], ['Bia', '11 3456-7890', ''], ['Ana', '21 99876-5432', '']);
    expect(mergeDuplicates(rows).map((row) => row.name)).toEqual(['Ana', 'Bia']);
  });

  it('name a contact that no row named after its number', () => {
    const [row] = mergeDuplicates(parsed(['', '21 99876-5432', ''], ['', '5521998765432', '']));
    expect(row).toEqual(expect.objectContaining({ name: '5521998765432', nameGiven: false }));
  });
});
