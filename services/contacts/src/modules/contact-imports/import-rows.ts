import { z } from 'zod';
import { normalizePhoneNumber } from '../contacts/phone-number.js';
import type { SheetRow } from './xlsx-stream.js';

export interface ColumnMap {
  readonly name: number | null;
  readonly number: number;
  readonly email: number | null;
}

/** Without a recognisable header: name, number, email (the order of the example spreadsheet). */
export const DEFAULT_COLUMNS: ColumnMap = { name: 0, number: 1, email: 2 };

const HEADERS = {
  name: ['nome', 'name', 'contato', 'contact', 'nome completo', 'full name', 'cliente'],
  number: [
    'numero',
    'number',
    'telefone',
    'phone',
    'celular',
    'whatsapp',
    'fone',
    'tel',
    'mobile',
    'phone number',
    'numero de telefone',
  ],
  email: ['email', 'e-mail', 'mail', 'e mail', 'correio eletronico'],
} as const;

const fold = (text: string): string =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[:*]/g, '')
    .replace(/\s+/g, ' ')
    .trim();

/** The column of each field when a row is a header (Portuguese or English names); null when it is not one. */
export function detectHeader(cells: readonly string[]): ColumnMap | null {
  const find = (names: readonly string[]): number | null => {
    const index = cells.findIndex((cell) => names.includes(fold(cell)));
    return index === -1 ? null : index;
  };
  const number = find(HEADERS.number);
  if (number === null) return null;
  return { name: find(HEADERS.name), number, email: find(HEADERS.email) };
}

export const IMPORT_REASONS = {
  missingNumber: 'Número ausente',
  invalidNumber: 'Número inválido',
  invalidEmail: 'Email inválido',
  nameTooShort: 'Nome muito curto (mínimo 2 caracteres)',
  nameTooLong: 'Nome muito longo (máximo 50 caracteres)',
} as const;

export type ParsedRow =
  | { kind: 'valid'; row: number; name: string; number: string; email: string; nameGiven: boolean }
  | { kind: 'invalid'; row: number; reason: string }
  | { kind: 'blank'; row: number };

const emailSchema = z.email();

export function parseRow(row: SheetRow, columns: ColumnMap): ParsedRow {
  if (row.cells.every((cell) => cell.trim() === '')) return { kind: 'blank', row: row.row };
  const cell = (index: number | null): string => (index === null ? '' : (row.cells[index] ?? '').trim());
  const rawNumber = cell(columns.number);
  if (!rawNumber) return { kind: 'invalid', row: row.row, reason: IMPORT_REASONS.missingNumber };
  const number = normalizePhoneNumber(rawNumber);
  if (!number) return { kind: 'invalid', row: row.row, reason: IMPORT_REASONS.invalidNumber };
  const email = cell(columns.email).toLowerCase();
  if (email && !emailSchema.safeParse(email).success) {
    return { kind: 'invalid', row: row.row, reason: IMPORT_REASONS.invalidEmail };
  }
  const name = cell(columns.name).replace(/\s+/g, ' ');
  if (name.length > 50) return { kind: 'invalid', row: row.row, reason: IMPORT_REASONS.nameTooLong };
  if (name.length === 1) return { kind: 'invalid', row: row.row, reason: IMPORT_REASONS.nameTooShort };
  return { kind: 'valid', row: row.row, name: name || number, number, email, nameGiven: name !== '' };
}

/** Rows looked at for a header before falling back to name, number, email by position. */
const HEADER_SCAN_ROWS = 5;

/**
 * Turns sheet rows into parsed rows, finding the header among the first non-blank rows (title rows above it
 * are skipped). Without a header, every row is data in the default column order.
 */
export class RowClassifier {
  private columns: ColumnMap | null = null;
  private readonly held: SheetRow[] = [];

  /** Parsed rows ready so far (rows are held back while the header is still being looked for). */
  push(row: SheetRow): ParsedRow[] {
    if (this.columns) return [parseRow(row, this.columns)];
    if (row.cells.every((cell) => cell.trim() === '')) return [];
    const header = detectHeader(row.cells);
    if (header) {
      this.columns = header;
      this.held.length = 0;
      return [];
    }
    this.held.push(row);
    if (this.held.length < HEADER_SCAN_ROWS) return [];
    return this.release();
  }

  /** The rows still held at the end of the sheet. */
  finish(): ParsedRow[] {
    return this.columns ? [] : this.release();
  }

  private release(): ParsedRow[] {
    this.columns = DEFAULT_COLUMNS;
    const rows = this.held.splice(0).map((row) => parseRow(row, DEFAULT_COLUMNS));
    return rows;
  }
}
