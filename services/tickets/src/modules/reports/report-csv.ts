import type { ReportRow, ReportTicket } from '@cs/proto/http';

/** UTF-8 byte order mark: spreadsheet programs then read accents correctly. */
export const CSV_BOM = '\uFEFF';

/**
 * One CSV cell (separator `;`, as Brazilian spreadsheets expect). A text a spreadsheet would run as a formula
 * (starting with =, +, -, @, tab or carriage return) is prefixed with an apostrophe; cells with the separator,
 * quotes or line breaks are quoted. Numbers are written as they are.
 */
export function reportCell(value: string | number | boolean | null): string {
  if (value === null) return '';
  if (typeof value !== 'string') return String(value);
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[;"\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export const reportLine = (cells: ReadonlyArray<string | number | boolean | null>): string =>
  `${cells.map(reportCell).join(';')}\r\n`;

const DURATION_HEADER = (label: string) => [`${label}_count`, `${label}_avg_s`, `${label}_median_s`, `${label}_p90_s`];

export const REPORT_CSV_HEADER = [
  'period',
  'key',
  'name',
  'opened',
  'reopened',
  'closed',
  ...DURATION_HEADER('first_response'),
  ...DURATION_HEADER('resolution'),
  ...DURATION_HEADER('wait'),
  'received',
  'sent',
  'ratings_asked',
  'rate_1',
  'rate_2',
  'rate_3',
  'rating_response_rate',
  'online_s',
  'first_response_breaches',
  'resolution_breaches',
];

export const reportCsvCells = (row: ReportRow): Array<string | number | null> => [
  row.period,
  row.key,
  row.name,
  row.opened,
  row.reopened,
  row.closed,
  ...[row.firstResponse, row.resolution, row.wait].flatMap((d) => [d.count, d.avg, d.median, d.p90]),
  row.received,
  row.sent,
  row.ratings.asked,
  row.ratings.rate1,
  row.ratings.rate2,
  row.ratings.rate3,
  row.ratings.responseRate,
  row.onlineSeconds,
  row.breaches.firstResponse,
  row.breaches.resolution,
];

export const TICKETS_CSV_HEADER = [
  'ticket_id',
  'cycle_id',
  'contact',
  'number',
  'agent',
  'queue',
  'connection',
  'opened_at',
  'closed_at',
  'first_response_s',
  'resolution_s',
  'wait_s',
  'rate',
  'first_response_breached',
  'resolution_breached',
];

export const ticketCsvCells = (t: ReportTicket): Array<string | number | boolean | null> => [
  t.ticketId,
  t.cycleId,
  t.contactName,
  t.contactNumber,
  t.agent,
  t.queue,
  t.connection,
  t.openedAt,
  t.closedAt,
  t.firstResponseSeconds,
  t.resolutionSeconds,
  t.waitSeconds,
  t.rate,
  t.frtBreached,
  t.resBreached,
];
