/** Spreadsheet imports accept these (spec §5), and CSV (what the export next to it produces). */
export const SPREADSHEET_ACCEPT =
  '.csv,.xls,.xlsx,text/csv,application/vnd.ms-excel,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export function isSpreadsheet(file: File): boolean {
  return /\.(csv|xls|xlsx)$/i.test(file.name);
}

/** The import progress as a percentage (0 until the total is known). */
export function importPercent(report: { processed: number; total: number }): number {
  if (report.total <= 0) return 0;
  return Math.min(100, Math.round((report.processed / report.total) * 100));
}

export function isImportDone(report: { status: string; finishedAt: string | null }): boolean {
  return report.finishedAt !== null || report.status === 'done' || report.status === 'failed';
}
