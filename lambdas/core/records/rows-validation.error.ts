import { ValidationError } from '../errors';

/** Row-level problems of a bulk request (CSV import): every bad row's fields; nothing was stored. */
export class RowsValidationError extends ValidationError {
  constructor(
    message: string,
    readonly rows: { row: number; fields: Record<string, string> }[],
  ) {
    super('rows', message);
  }
}
