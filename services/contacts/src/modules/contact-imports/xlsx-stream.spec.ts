import { spreadsheet } from '../../../test/support/spreadsheets.js';
import { assertVerifiedVersions, UnverifiedDependencyError } from '@cs/platform/config';
import { EXCELJS_WORKBOOK_MODEL, exceljsVersionOf, openXlsx, SpreadsheetError } from './xlsx-stream.js';

const read = async (file: Buffer) => {
  const rows = [];
  for await (const batch of (await openXlsx(file)).rows) rows.push(...batch);
  return rows;
};

describe('the .xlsx reader (exceljs streaming)', () => {
  it('reads every row of the first sheet as text, numbers as digits, with the row numbers shown', async () => {
    const rows: Array<[string, string | number, string]> = [['Nome', 'Número', 'Email']];
    for (let index = 0; index < 3_000; index += 1) rows.push([`Contato ${index}`, 5511980000000 + index, '']);
    rows.push(['Último', '5511 98888-7777', 'ultimo@exemplo.com']);
    const file = spreadsheet(rows);
    // the declared size, for the progress bar, before any row is read
    expect((await openXlsx(file)).lastRow).toBe(3_002);
    const read3k = await read(file);
    expect(read3k).toHaveLength(3_002);
    expect(read3k[0]).toEqual({ row: 1, cells: ['Nome', 'Número', 'Email'] });
    expect(read3k[1]).toEqual({ row: 2, cells: ['Contato 0', '5511980000000', ''] });
    expect(read3k.at(-1)).toEqual({ row: 3_002, cells: ['Último', '5511 98888-7777', 'ultimo@exemplo.com'] });
  });

  it('keeps blank leading cells in place and refuses what is no spreadsheet', async () => {
    const [row] = await read(spreadsheet([['', '', 'só a terceira']]));
    expect(row).toEqual({ row: 1, cells: ['', '', 'só a terceira'] });
    await expect(openXlsx(Buffer.from('PK\x03\x04broken'))).rejects.toBeInstanceOf(SpreadsheetError);
  });

  it('runs on the exceljs it was verified against and refuses any other, naming its ADR', () => {
    expect(() => assertVerifiedVersions(EXCELJS_WORKBOOK_MODEL, exceljsVersionOf)).not.toThrow();
    const refusal = () => assertVerifiedVersions(EXCELJS_WORKBOOK_MODEL, () => '4.4.1');
    expect(refusal).toThrow(UnverifiedDependencyError);
    expect(refusal).toThrow(/exceljs 4\.4\.1 \(verified: 4\.4\.0\).*0013-exceljs-workbook-model/);
  });
});
