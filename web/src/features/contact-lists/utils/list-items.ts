/** Spreadsheet imports accept .xls and .xlsx (spec §2). */
export const SPREADSHEET_ACCEPT =
  '.xls,.xlsx,application/vnd.ms-excel,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export const isSpreadsheet = (file: File): boolean => /\.(xls|xlsx)$/i.test(file.name);

export function importPercent(report: { processed: number; total: number }): number {
  if (report.total <= 0) return 0;
  return Math.min(100, Math.round((report.processed / report.total) * 100));
}

export function importDone(report: { status: string; finishedAt: string | null }): boolean {
  return report.finishedAt !== null || report.status === 'done' || report.status === 'failed';
}
