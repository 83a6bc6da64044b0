import { type SheetRow, SpreadsheetError } from './xlsx-stream.js';

/** Rows are handed on in batches of this many (the import commits in larger batches of its own). */
const BATCH_ROWS = 500;
const DELIMITERS = [';', ',', '\t'] as const;

/**
 * The file's text: UTF-8 (with or without a byte-order mark) when it is valid UTF-8, otherwise Latin-1
 * (Windows-1252), which is how spreadsheet programs in Brazil save "CSV" by default.
 */
export function decodeCsv(buffer: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(buffer);
  } catch {
    return new TextDecoder('windows-1252').decode(buffer);
  }
}

/** The delimiter of the header line (outside quotes): `;` (Excel in Portuguese, our export), `,` or a tab. */
export function detectDelimiter(text: string): string {
  const counts = new Map<string, number>(DELIMITERS.map((delimiter) => [delimiter, 0]));
  let quoted = false;
  for (const char of text) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && (char === '\n' || char === '\r')) break;
    else if (!quoted && counts.has(char)) counts.set(char, (counts.get(char) ?? 0) + 1);
  }
  let best: string = ',';
  let most = 0;
  for (const [delimiter, count] of counts) {
    if (count > most) {
      best = delimiter;
      most = count;
    }
  }
  return best;
}

/** RFC 4180 rows (quoted fields with doubled quotes and line breaks inside; CRLF or LF), numbered from 1. */
export function* parseCsv(text: string, delimiter: string): Generator<SheetRow> {
  let row: string[] = [];
  let field = '';
  let quoted = false;
  let line = 1;
  let rowStart = 1;
  const endRow = (): SheetRow => {
    row.push(field);
    const done = { row: rowStart, cells: row };
    row = [];
    field = '';
    return done;
  };
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index] as string;
    if (quoted) {
      if (char === '"') {
        if (text[index + 1] === '"') {
          field += '"';
          index += 1;
        } else quoted = false;
      } else {
        if (char === '\n') line += 1;
        field += char;
      }
    } else if (char === '"' && field === '') quoted = true;
    else if (char === delimiter) {
      row.push(field);
      field = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[index + 1] === '\n') index += 1;
      yield endRow();
      line += 1;
      rowStart = line;
    } else field += char;
  }
  if (quoted) throw new SpreadsheetError(`an unclosed quote from line ${rowStart}`);
  if (field !== '' || row.length > 0) yield endRow();
}

/** Opens a CSV file (any of the delimiters and encodings above) as a sheet read in batches of rows. */
export function openCsv(buffer: Buffer): { lastRow: number | null; rows: AsyncGenerator<SheetRow[]> } {
  const text = decodeCsv(buffer).replace(/^\uFEFF/, '');
  const delimiter = detectDelimiter(text);
  let lines = 0;
  for (let index = text.indexOf('\n'); index !== -1; index = text.indexOf('\n', index + 1)) lines += 1;
  async function* rows(): AsyncGenerator<SheetRow[]> {
    let batch: SheetRow[] = [];
    for (const row of parseCsv(text, delimiter)) {
      batch.push(row);
      if (batch.length >= BATCH_ROWS) {
        yield batch;
        batch = [];
      }
    }
    if (batch.length > 0) yield batch;
  }
  return { lastRow: lines + (text.endsWith('\n') ? 0 : 1), rows: rows() };
}
