/** Domain errors: each maps to one HTTP status in lambdas/http/errors.ts, the one mapper. */
export class NotAuthenticatedError extends Error {}
export class ForbiddenError extends Error {}
export class NotFoundError extends Error {}
/** What was asked for existed and has been deleted for good (410), e.g. a document past its retention. */
export class GoneError extends Error {}
/** The change would break a reference or a uniqueness rule; nothing was changed (409). */
export class ConflictError extends Error {}
/** A service the request depends on cannot be reached now; the caller may try again or work around it (503). */
export class ServiceUnavailableError extends Error {}
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
/** The caller used up a per-account (or per-admin) limit; they may try again after `retryAfterSeconds` (429). */
export class RateLimitedError extends Error {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(message);
  }
}
