/** UTF-8 byte order mark: spreadsheet programs then read accents correctly. */
export const CSV_BOM = '\uFEFF';
export const CSV_SEPARATOR = ';';
export const CSV_HEADER = ['name', 'number', 'email'] as const;

/**
 * One CSV cell. A value a spreadsheet would run as a formula (starting with =, +, -, @, tab or carriage
 * return) is prefixed with an apostrophe (OWASP's CSV-injection advice); cells with the separator, quotes or
 * line breaks are quoted.
 */
export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[;"\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export const csvLine = (cells: readonly string[]): string => `${cells.map(csvCell).join(CSV_SEPARATOR)}\r\n`;
