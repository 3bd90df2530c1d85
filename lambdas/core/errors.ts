/** Domain errors: each maps to one HTTP status in lambdas/http/errors.ts, the one mapper. */
export class NotAuthenticatedError extends Error {}
export class ForbiddenError extends Error {}
export class NotFoundError extends Error {}
/** The change would break a reference or a uniqueness rule; nothing was changed (409). */
export class ConflictError extends Error {}
export class ValidationError extends Error {
  /** Every invalid field with its reason (dotted paths, e.g. `workingHours.end`). */
  readonly fields: Record<string, string>;
  constructor(
    readonly field: string,
    message: string,
    fields?: Record<string, string>,
  ) {
    super(message);
    this.fields = fields ?? { [field]: message };
  }
}
