import { Readable } from 'node:stream';
import type { CellValue } from 'exceljs';
import yauzl, { type Entry, type ZipFile } from 'yauzl';
import { assertVerifiedVersions, installedVersion, type VerifiedPatch } from '@cs/platform/config';

/** One spreadsheet row as text cells, with its row number as the spreadsheet shows it (1-based). */
export interface SheetRow {
  readonly row: number;
  readonly cells: readonly string[];
}

export class SpreadsheetError extends Error {}

export interface XlsxSheet {
  /** The last row the sheet declares (`<dimension>`), for the progress bar; null when it declares none. */
  readonly lastRow: number | null;
  readonly rows: AsyncGenerator<SheetRow[]>;
}

/**
 * The .xlsx reader gives exceljs's streaming reader an empty workbook model before it reads (ADR 0013): exceljs reads
 * `model`, a field of its private state, and is refused on any version this was not verified against.
 */
export const EXCELJS_WORKBOOK_MODEL: VerifiedPatch = {
  patch: "contacts' .xlsx reader (an empty workbook model for exceljs's WorkbookReader, xlsx-stream.ts)",
  adr: 'proto/adr/0013-exceljs-workbook-model.md',
  verified: { exceljs: ['4.4.0'] },
};

/** The installed version of a package, as this folder's modules import it. */
export const exceljsVersionOf = (packageName: string): string => installedVersion(packageName, import.meta.url);

/** Rows are handed on in batches of this many (the import commits in larger batches of its own). */
const BATCH_ROWS = 500;

/** Text of a numeric cell: integers (phone numbers written as numbers, even in E notation) without decimals. */
const numberText = (value: number): string => {
  if (!Number.isFinite(value)) return String(value);
  return Number.isInteger(value) ? BigInt(Math.round(value)).toString() : String(value);
};

/** A cell's value as the text a spreadsheet program shows (rich text joined, formulas by their result). */
function cellText(value: CellValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return numberText(value);
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (value instanceof Date) return value.toISOString();
  if ('richText' in value) return value.richText.map((run) => run.text).join('');
  if ('formula' in value || 'sharedFormula' in value) return cellText((value as { result?: CellValue }).result);
  if ('text' in value) return typeof value.text === 'string' ? value.text : cellText(value.text);
  if ('error' in value) return '';
  return '';
}

/** Bytes of a sheet's beginning searched for its `<dimension ref="A1:C100001">` (it precedes the rows). */
const DIMENSION_WINDOW = 16 * 1024;

/**
 * The last row the first worksheet declares, read from the start of its XML only (exceljs's streaming reader
 * does not expose it before the rows are read); null when the file declares none or is unreadable (the reader
 * then reports the error).
 */
function declaredLastRow(buffer: Buffer): Promise<number | null> {
  return new Promise((resolve) => {
    yauzl.fromBuffer(buffer, { lazyEntries: true }, (error, zip?: ZipFile) => {
      if (error || !zip) return resolve(null);
      let best: { entry: Entry; number: number } | null = null;
      zip.on('entry', (entry: Entry) => {
        const match = /^xl\/worksheets\/sheet(\d+)\.xml$/.exec(entry.fileName);
        if (match && (!best || Number(match[1]) < best.number)) best = { entry, number: Number(match[1]) };
        zip.readEntry();
      });
      zip.once('error', () => resolve(null));
      zip.once('end', () => {
        const first = best as { entry: Entry } | null;
        if (!first) return resolve(null);
        zip.openReadStream(first.entry, (streamError, stream) => {
          if (streamError || !stream) return resolve(null);
          let head = '';
          stream.setEncoding('utf8');
          stream.on('data', (chunk: string) => {
            head += chunk;
            if (head.length >= DIMENSION_WINDOW || head.includes('<sheetData')) stream.destroy();
          });
          stream.once('close', () => {
            zip.close();
            const ref = /<dimension\s+ref="[A-Z]*\d*:?[A-Z]+(\d+)"/.exec(head);
            resolve(ref ? Number(ref[1]) : null);
          });
          stream.once('error', () => undefined);
        });
      });
      zip.readEntry();
    });
  });
}

/**
 * Reads the first sheet of an .xlsx without holding it in memory, with exceljs's streaming reader: shared strings
 * are cached (a sheet stored before them is buffered to a temporary file by exceljs), styles and hyperlinks are
 * ignored, and rows are yielded in small batches as they are parsed. An unreadable file is a SpreadsheetError,
 * raised by the first read.
 */
export async function openXlsx(buffer: Buffer): Promise<XlsxSheet> {
  // loaded by the first .xlsx import, not at start-up: exceljs and its dependencies are over 600 CommonJS modules,
  // which every start of the service (each integration test file that boots it) would otherwise compile
  const { default: ExcelJS } = await import('exceljs');
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([buffer]), {
    worksheets: 'emit',
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    styles: 'ignore',
    entries: 'ignore',
  });
  // exceljs names a sheet from the workbook part when it meets the sheet; files that store that part after their
  // sheets (SheetJS and exceljs write them so) would make it read `sheets` of nothing (exceljs/exceljs#3064): start
  // from an empty workbook model, which the workbook part replaces when it comes
  assertVerifiedVersions(EXCELJS_WORKBOOK_MODEL, exceljsVersionOf);
  const withModel = reader as unknown as { model?: { sheets?: unknown[] } };
  withModel.model ??= { sheets: [] };

  async function* read(): AsyncGenerator<SheetRow[]> {
    let sheets = 0;
    try {
      for await (const worksheet of reader) {
        sheets += 1;
        let batch: SheetRow[] = [];
        for await (const row of worksheet) {
          const values = Array.isArray(row.values) ? row.values : [];
          // exceljs's values are 1-based (index 0 is empty): column A is values[1]
          const cells = Array.from({ length: Math.max(values.length - 1, 0) }, (_, index) =>
            cellText(values[index + 1]),
          );
          batch.push({ row: row.number, cells });
          if (batch.length >= BATCH_ROWS) {
            yield batch;
            batch = [];
          }
        }
        if (batch.length > 0) yield batch;
        break; // the first sheet only
      }
    } catch (error) {
      throw error instanceof SpreadsheetError ? error : new SpreadsheetError((error as Error).message);
    }
    if (sheets === 0) throw new SpreadsheetError('the workbook has no sheet');
  }

  // the first batch is read at once, so that a file that is no spreadsheet fails here, not in the middle
  const rows = read();
  const first = await rows.next();
  async function* all(): AsyncGenerator<SheetRow[]> {
    if (!first.done) yield first.value;
    yield* rows;
  }
  return { lastRow: await declaredLastRow(buffer), rows: all() };
}
