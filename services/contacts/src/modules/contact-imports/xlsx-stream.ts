import type { Readable } from 'node:stream';
import { SaxesParser, type SaxesTagPlain } from 'saxes';
import yauzl, { type Entry, type ZipFile } from 'yauzl';

/** One spreadsheet row as text cells, with its row number as the spreadsheet shows it (1-based). */
export interface SheetRow {
  readonly row: number;
  readonly cells: readonly string[];
}

export class SpreadsheetError extends Error {}

const openZip = (buffer: Buffer): Promise<ZipFile> =>
  new Promise((resolve, reject) =>
    yauzl.fromBuffer(buffer, { lazyEntries: true, autoClose: false }, (error, zip) =>
      error || !zip ? reject(new SpreadsheetError(error?.message ?? 'not a zip file')) : resolve(zip),
    ),
  );

const listEntries = (zip: ZipFile): Promise<Map<string, Entry>> =>
  new Promise((resolve, reject) => {
    const entries = new Map<string, Entry>();
    zip.on('entry', (entry: Entry) => {
      entries.set(entry.fileName, entry);
      zip.readEntry();
    });
    zip.once('end', () => resolve(entries));
    zip.once('error', (error: Error) => reject(new SpreadsheetError(error.message)));
    zip.readEntry();
  });

const openEntry = (zip: ZipFile, entry: Entry): Promise<Readable> =>
  new Promise((resolve, reject) =>
    zip.openReadStream(entry, (error, stream) =>
      error || !stream ? reject(new SpreadsheetError(error?.message ?? 'unreadable entry')) : resolve(stream),
    ),
  );

/** Streams an XML entry through a SAX parser, yielding after each chunk whatever the handlers collected. */
async function* parseEntry<T>(
  zip: ZipFile,
  entry: Entry,
  setup: (parser: SaxesParser, emit: (item: T) => void) => void,
): AsyncGenerator<T[]> {
  const stream = await openEntry(zip, entry);
  stream.setEncoding('utf8');
  const parser = new SaxesParser();
  let pending: T[] = [];
  setup(parser, (item) => pending.push(item));
  try {
    for await (const chunk of stream) {
      parser.write(chunk as string);
      if (pending.length > 0) {
        yield pending;
        pending = [];
      }
    }
    parser.close();
  } catch (error) {
    stream.destroy();
    throw error instanceof SpreadsheetError ? error : new SpreadsheetError((error as Error).message);
  }
  if (pending.length > 0) yield pending;
}

async function readSmallXml(
  zip: ZipFile,
  entry: Entry | undefined,
  onTag: (tag: SaxesTagPlain) => void,
): Promise<void> {
  if (!entry) return;
  for await (const _ of parseEntry<never>(zip, entry, (parser) => parser.on('opentag', onTag))) {
    // tags are handled as they come
  }
}

/** The path of the workbook's first sheet (through workbook.xml and its relationships). */
async function firstSheetPath(zip: ZipFile, entries: Map<string, Entry>): Promise<string> {
  let relId: string | undefined;
  await readSmallXml(zip, entries.get('xl/workbook.xml'), (tag) => {
    if (relId === undefined && tag.name === 'sheet') relId = tag.attributes['r:id'];
  });
  let target: string | undefined;
  await readSmallXml(zip, entries.get('xl/_rels/workbook.xml.rels'), (tag) => {
    if (tag.name === 'Relationship' && tag.attributes['Id'] === relId) target = tag.attributes['Target'];
  });
  if (target) {
    const path = target.startsWith('/') ? target.slice(1) : `xl/${target}`;
    if (entries.has(path)) return path;
  }
  const fallback = [...entries.keys()].filter((name) => /^xl\/worksheets\/[^/]+\.xml$/.test(name)).sort()[0];
  if (!fallback) throw new SpreadsheetError('the workbook has no sheet');
  return fallback;
}

async function readSharedStrings(zip: ZipFile, entry: Entry | undefined): Promise<string[]> {
  const strings: string[] = [];
  if (!entry) return strings;
  for await (const batch of parseEntry<string>(zip, entry, (parser, emit) => {
    let current: string[] | null = null;
    let inText = false;
    let inPhonetic = false;
    parser.on('opentag', (tag) => {
      if (tag.name === 'si') current = [];
      else if (tag.name === 'rPh') inPhonetic = true;
      else if (tag.name === 't' && !inPhonetic) inText = true;
    });
    parser.on('text', (text) => {
      if (inText && current) current.push(text);
    });
    parser.on('closetag', (tag) => {
      if (tag.name === 't') inText = false;
      else if (tag.name === 'rPh') inPhonetic = false;
      else if (tag.name === 'si' && current) {
        emit(current.join(''));
        current = null;
      }
    });
  })) {
    strings.push(...batch);
  }
  return strings;
}

const columnIndex = (reference: string): number => {
  let index = 0;
  for (const char of reference) {
    const code = char.charCodeAt(0);
    if (code < 65 || code > 90) break;
    index = index * 26 + (code - 64);
  }
  return index - 1;
};

/** Text of a numeric cell: integers (phone numbers written as numbers, even in E notation) without decimals. */
const numberText = (raw: string): string => {
  const value = Number(raw);
  if (!Number.isFinite(value)) return raw;
  return Number.isInteger(value) ? BigInt(Math.round(value)).toString() : String(value);
};

export interface XlsxSheet {
  /** The last row of the sheet's declared range (`<dimension>`), when the file declares one. */
  readonly lastRow: number | null;
  readonly rows: AsyncGenerator<SheetRow[]>;
}

/**
 * Reads the first sheet of an .xlsx without holding it in memory: the zip is read entry by entry (shared
 * strings first, whatever their position in the file) and the sheet's XML is parsed as a stream, rows
 * being yielded in small batches as they are parsed.
 */
export async function openXlsx(buffer: Buffer): Promise<XlsxSheet> {
  const zip = await openZip(buffer);
  const entries = await listEntries(zip);
  if (!entries.has('xl/workbook.xml')) {
    zip.close();
    throw new SpreadsheetError('not a spreadsheet (no xl/workbook.xml)');
  }
  const sheetPath = await firstSheetPath(zip, entries);
  const shared = await readSharedStrings(zip, entries.get('xl/sharedStrings.xml'));
  const sheet = entries.get(sheetPath) as Entry;

  let lastRow: number | null = null;
  const rows = parseEntry<SheetRow>(zip, sheet, (parser, emit) => {
    let rowNumber = 0;
    let cells: string[] = [];
    let cellColumn = 0;
    let nextColumn = 0;
    let cellType = 'n';
    let value: string[] | null = null;
    let inlineText: string[] | null = null;
    let collecting: 'v' | 't' | null = null;
    parser.on('opentag', (tag) => {
      switch (tag.name) {
        case 'dimension': {
          const end = tag.attributes['ref']?.split(':')[1] ?? tag.attributes['ref'];
          const match = end?.match(/(\d+)$/);
          if (match) lastRow = Number(match[1]);
          break;
        }
        case 'row':
          rowNumber = tag.attributes['r'] ? Number(tag.attributes['r']) : rowNumber + 1;
          cells = [];
          nextColumn = 0;
          break;
        case 'c':
          cellColumn = tag.attributes['r'] ? columnIndex(tag.attributes['r']) : nextColumn;
          cellType = tag.attributes['t'] ?? 'n';
          value = null;
          inlineText = null;
          break;
        case 'v':
          value = [];
          collecting = 'v';
          break;
        case 'is':
          inlineText = [];
          break;
        case 't':
          if (inlineText) collecting = 't';
          break;
      }
    });
    parser.on('text', (text) => {
      if (collecting === 'v') value?.push(text);
      else if (collecting === 't') inlineText?.push(text);
    });
    parser.on('closetag', (tag) => {
      if (tag.name === 'v' || tag.name === 't') collecting = null;
      else if (tag.name === 'c') {
        const raw = value?.join('') ?? '';
        let text: string;
        if (cellType === 's') text = shared[Number(raw)] ?? '';
        else if (cellType === 'inlineStr') text = inlineText?.join('') ?? '';
        else if (cellType === 'n') text = raw === '' ? '' : numberText(raw);
        else if (cellType === 'b') text = raw === '1' ? 'TRUE' : raw === '' ? '' : 'FALSE';
        else text = raw;
        while (cells.length < cellColumn) cells.push('');
        cells[cellColumn] = text;
        nextColumn = cellColumn + 1;
      } else if (tag.name === 'row') {
        emit({ row: rowNumber, cells });
      }
    });
  });
  const firstBatch = await rows.next();
  async function* all(): AsyncGenerator<SheetRow[]> {
    try {
      if (!firstBatch.done) yield firstBatch.value;
      yield* rows;
    } finally {
      zip.close();
    }
  }
  return {
    get lastRow() {
      return lastRow;
    },
    rows: all(),
  };
}
