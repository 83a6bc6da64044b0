import * as XLSX from '@e965/xlsx';

/** The example spreadsheet the contact-lists page offers: the columns the import recognises, two sample rows. */
export function exampleSpreadsheet(): Buffer {
  const sheet = XLSX.utils.aoa_to_sheet([
    ['Nome', 'Número', 'Email'],
    ['Maria da Silva', '5521998765432', 'maria@exemplo.com.br'],
    ['João Araújo', '(11) 98888-7777', ''],
  ]);
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, sheet, 'Contatos');
  return XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
}
