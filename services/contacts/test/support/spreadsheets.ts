import * as XLSX from '@e965/xlsx';

/** An .xlsx (or .xls) file with these rows, as a spreadsheet program would save it. */
export function spreadsheet(
  rows: ReadonlyArray<ReadonlyArray<string | number>>,
  bookType: 'xlsx' | 'biff8' = 'xlsx',
): Buffer {
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows.map((row) => [...row])), 'Planilha1');
  return XLSX.write(book, { type: 'buffer', bookType }) as Buffer;
}

export function multipart(file: Buffer, fileName: string): FormData {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(file)]), fileName);
  return form;
}
