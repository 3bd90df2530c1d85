/** Domain errors: each maps to one HTTP status in lambdas/api/http-errors.ts. */
export class NotAuthenticatedError extends Error {}
export class ForbiddenError extends Error {}
export class NotFoundError extends Error {}
export class ValidationError extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
  }
}
