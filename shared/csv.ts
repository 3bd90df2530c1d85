/** CSV as spreadsheets read it (RFC 4180): the one writer for every export, server and SPA. */

export type CsvValue = string | number | boolean | null | undefined;

/**
 * One CSV cell: quoted when it holds a comma, quote or line break; a text cell starting like a
 * formula gets a leading apostrophe so a spreadsheet shows it instead of running it.
 */
export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** A header row and the rows, CRLF line ends. */
export function toCsv(header: readonly string[], rows: readonly (readonly CsvValue[])[]): string {
  return [header, ...rows].map((r) => r.map(csvCell).join(',')).join('\r\n') + '\r\n';
}

/** Cents as dollars with two decimals, no symbol or separators (a spreadsheet reads it as a number). */
export const dollars = (cents: number) => (cents / 100).toFixed(2);
