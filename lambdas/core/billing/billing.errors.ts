import { ForbiddenError, ValidationError } from '../errors';

/** The payment provider failed or refused; the caller may retry. Maps to 502. */
export class PaymentProviderError extends Error {
  constructor(
    message: string,
    override readonly cause?: unknown,
  ) {
    super(message);
  }
}

/** A second subscription would double-bill the account. Maps to 409. */
export class AlreadySubscribedError extends Error {}

/** A plan limit was reached; the message names the limit and the plan that lifts it (403). */
export class EntitlementError extends ForbiddenError {}

export { ForbiddenError, ValidationError };
