import { decodeCsv, detectDelimiter, openCsv, parseCsv } from './csv-rows.js';
import { SpreadsheetError } from './xlsx-stream.js';

const all = async (buffer: Buffer) => {
  const rows = [];
  for await (const batch of openCsv(buffer).rows) rows.push(...batch);
  return rows;
};

describe('CSV contacts files', () => {
  it('reads UTF-8 (with or without a BOM) and falls back to Latin-1', () => {
    expect(decodeCsv(Buffer.from('João;Ávila', 'utf8'))).toBe('João;Ávila');
    expect(decodeCsv(Buffer.from('João;Ávila', 'latin1'))).toBe('João;Ávila');
    expect(decodeCsv(Buffer.from('\uFEFFnome', 'utf8'))).toBe('nome');
  });

  it('takes the delimiter of the header line, ignoring quoted ones', () => {
    expect(detectDelimiter('nome;numero;email\nA,B;1;x')).toBe(';');
    expect(detectDelimiter('"nome; completo",numero,email')).toBe(',');
    expect(detectDelimiter('nome\tnumero')).toBe('\t');
    expect(detectDelimiter('numero')).toBe(',');
  });

  it('parses quoted fields, doubled quotes, line breaks inside quotes, CRLF, and numbers rows as shown', () => {
    const rows = [...parseCsv('nome;numero\r\n"Maria ""Mari"" Souza";11\r\n"Duas\nlinhas";12\r\nFim;13', ';')];
    expect(rows).toEqual([
      { row: 1, cells: ['nome', 'numero'] },
      { row: 2, cells: ['Maria "Mari" Souza', '11'] },
      { row: 3, cells: ['Duas\nlinhas', '12'] },
      { row: 5, cells: ['Fim', '13'] },
    ]);
    expect(() => [...parseCsv('"aberto;1', ';')]).toThrow(SpreadsheetError);
  });

  it('opens a whole file in batches', async () => {
    const text = ['Nome,Número', ...Array.from({ length: 1_200 }, (_, i) => `Contato ${i},5511${980_000_000 + i}`)];
    const rows = await all(Buffer.from(`${text.join('\n')}\n`, 'latin1'));
    expect(rows).toHaveLength(1_201);
    expect(rows[0]).toEqual({ row: 1, cells: ['Nome', 'Número'] });
    expect(rows.at(-1)).toEqual({ row: 1_201, cells: ['Contato 1199', '5511980001199'] });
    expect(openCsv(Buffer.from(`${text.join('\n')}\n`)).lastRow).toBe(1_201);
  });
});
