import * as XLSX from '@e965/xlsx';
import { openCsv } from './csv-rows.js';
import { openXlsx, type SheetRow, SpreadsheetError } from './xlsx-stream.js';

export type SpreadsheetFormat = 'xls' | 'xlsx' | 'csv';

export interface OpenedSheet {
  /** Rows the sheet declares (an upper bound: blank rows count), when known. */
  readonly lastRow: number | null;
  readonly rows: AsyncGenerator<SheetRow[]>;
}

/** Text with no NUL byte in its first 8 KB (a binary file has some): a CSV candidate. */
const looksLikeText = (buffer: Buffer): boolean => buffer.length > 0 && !buffer.subarray(0, 8192).includes(0);

/**
 * The format from the file's bytes (never its name alone): a zip is .xlsx, an OLE2 compound file .xls, text a
 * .csv (the contacts export's format: semicolons; commas too).
 */
export function detectFormat(buffer: Buffer, fileName: string): SpreadsheetFormat | null {
  if (buffer.length >= 4 && buffer[0] === 0x50 && buffer[1] === 0x4b && buffer[2] === 0x03 && buffer[3] === 0x04) {
    return 'xlsx';
  }
  if (
    buffer.length >= 8 &&
    buffer.subarray(0, 8).equals(Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]))
  ) {
    return 'xls';
  }
  // Spreadsheet programs also save "xls" as HTML or SpreadsheetML; SheetJS reads those.
  if (/\.xls$/i.test(fileName) && buffer.length > 0) return 'xls';
  return looksLikeText(buffer) && /\.(csv|txt)$/i.test(fileName) ? 'csv' : null;
}

const cellText = (value: unknown): string => {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (value instanceof Date) return value.toISOString();
  return '';
};

/**
 * Opens the first sheet of a spreadsheet for reading row by row. An .xlsx is streamed by exceljs (a 100k-row file
 * never sits parsed in memory); an .xls (at most 65,536 rows by its format) is parsed by SheetJS; a .csv is read
 * from its text in batches.
 */
export async function openSpreadsheet(buffer: Buffer, format: SpreadsheetFormat): Promise<OpenedSheet> {
  if (format === 'xlsx') return openXlsx(buffer);
  if (format === 'csv') return openCsv(buffer);
  let book: XLSX.WorkBook;
  try {
    book = XLSX.read(buffer, { type: 'buffer', dense: true, cellDates: false, cellFormula: false, cellHTML: false });
  } catch (error) {
    throw new SpreadsheetError((error as Error).message);
  }
  const name = book.SheetNames[0];
  const sheet = name ? book.Sheets[name] : undefined;
  if (!sheet) throw new SpreadsheetError('the workbook has no sheet');
  const data = (sheet['!data'] ?? []) as Array<Array<{ v?: unknown } | undefined> | undefined>;
  const range = sheet['!ref'] ? XLSX.utils.decode_range(sheet['!ref']) : null;
  async function* rows(): AsyncGenerator<SheetRow[]> {
    const batch: SheetRow[] = [];
    for (let index = 0; index < data.length; index += 1) {
      const row = data[index];
      if (!row) continue;
      batch.push({ row: index + 1, cells: Array.from(row, (cell) => cellText(cell?.v)) });
    }
    yield batch;
  }
  return { lastRow: range ? range.e.r + 1 : null, rows: rows() };
}

export { SpreadsheetError, type SheetRow };
