/** CSV as spreadsheets read it (RFC 4180): the one writer for every export, server and SPA. */

export type CsvValue = string | number | boolean | null | undefined;

/**
 * One CSV cell: quoted when it holds a comma, quote or line break; a text cell starting like a
 * formula gets a leading apostrophe so a spreadsheet shows it instead of running it.
 */
export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  // Also a text that already starts with apostrophes before one: reading back strips exactly one.
  if (typeof value === 'string' && /^'*[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** A header row and the rows, CRLF line ends (RFC 4180) unless the export has always used LF. */
export function toCsv(
  header: readonly string[],
  rows: readonly (readonly CsvValue[])[],
  newline: '\r\n' | '\n' = '\r\n',
): string {
  return [header, ...rows].map((r) => r.map(csvCell).join(',')).join(newline) + newline;
}

/** Cents as dollars with two decimals, no symbol or separators (a spreadsheet reads it as a number). */
export const dollars = (cents: number) => (cents / 100).toFixed(2);

/**
 * A cell as read back from a CSV: the apostrophe `csvCell` puts before a formula-like text is
 * removed, so an exported file re-imports with the values it was made from.
 */
export function readCsvCell(value: string): string {
  return /^'+[=+\-@\t\r]/.test(value) ? value.slice(1) : value;
}
