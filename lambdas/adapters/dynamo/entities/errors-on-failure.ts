import { electrodb } from '../electrodb-on-first-use';
import { requiredOnFirstUse } from '../../required-on-first-use';

/** What this file uses of ElectroDB's own errors module (it ships no types for it). */
interface ElectroErrors {
  ErrorCodes: Record<'AWSError' | 'UnknownError', unknown>;
  ElectroError: new (code: unknown, message?: string, cause?: unknown) => Error & { cause?: unknown };
  applyParamsFn: (error: Error, params?: unknown) => void;
}

const electroErrors = requiredOnFirstUse<ElectroErrors>(
  'electrodb/src/errors',
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- evaluated on first use (above)
  () => require('electrodb/src/errors'),
);

/** An error as ElectroDB's `_exec` leaves it: the request's params, and whether the SDK threw it. */
type Failure = Error & { isElectroError?: boolean; __isAWSError?: boolean; __edb_params?: unknown };

/** Errors raised while ElectroDB read an answer (`formatResponse`), which it reports as the client's. */
const READ_FAILURES = new WeakSet<Error>();

const awsMessage = (err: Error) =>
  `Error thrown by DynamoDB client: "${err.message}" - For more detail on this error reference: https://electrodb.dev/en/reference/errors/#aws-error`;

/**
 * The error ElectroDB's `go` rejects with when a call fails, built from the error the call raised
 * with `originalErr` (electrodb/src/entity.js, `go` and `executeQuery`): an ElectroError as it is,
 * anything else wrapped as an AWSError with the same message, cause and params.
 */
export function electroFailure(raised: unknown): unknown {
  const err = raised as Failure;
  if (!(err instanceof Error)) return raised;
  const { ErrorCodes, ElectroError, applyParamsFn } = electroErrors();
  if (err.isElectroError) {
    applyParamsFn(err, err.__edb_params);
    return err;
  }
  const wrapped = new ElectroError(ErrorCodes.AWSError);
  if (err.__isAWSError || READ_FAILURES.has(err)) {
    wrapped.message = awsMessage(err);
    wrapped.cause = err;
    // An answer ElectroDB could not read keeps no params (its `formatResponse`).
    applyParamsFn(wrapped, READ_FAILURES.has(err) ? null : err.__edb_params);
  } else {
    wrapped.message = new ElectroError(ErrorCodes.UnknownError, err.message, err).message;
    applyParamsFn(wrapped, err.__edb_params);
  }
  return wrapped;
}

type EntityClass = ReturnType<typeof electrodb>['Entity'];
type GoConfig = { originalErr?: boolean } & Record<string, unknown>;

/** The two methods overridden, as methods (ElectroDB's entity.js). */
interface ElectroEntityMethods {
  go(method: string, parameters: unknown, config?: GoConfig): Promise<unknown>;
  formatResponse(...args: unknown[]): unknown;
}

let built: EntityClass | undefined;

/**
 * ElectroDB's Entity, with the error of a failed call built when the call fails. ElectroDB's `go`
 * builds an ElectroError before every call, to reject with if the call fails: a stack trace captured
 * and dropped on every DynamoDB call that succeeds (issue 26 item 5: ~1.5% of the dispatcher's CPU,
 * and its garbage). Here the call runs with `originalErr` and a failure becomes the same
 * ElectroError (code, message, cause, params), its stack taken where it is caught. A caller that
 * asks for `originalErr` itself gets the raw error, as from ElectroDB.
 */
export function entityWithErrorsOnFailure(): EntityClass {
  if (built) return built;
  const Base = electrodb().Entity as unknown as new (...args: unknown[]) => ElectroEntityMethods;
  class EntityWithErrorsOnFailure extends Base {
    override async go(method: string, parameters: unknown = {}, config: GoConfig = {}): Promise<unknown> {
      if (config.originalErr) return super.go(method, parameters, config);
      try {
        return await super.go(method, parameters, { ...config, originalErr: true });
      } catch (err) {
        throw electroFailure(err);
      }
    }

    override formatResponse(...args: unknown[]): unknown {
      try {
        return super.formatResponse(...args);
      } catch (err) {
        if (err instanceof Error && !(err as Failure).isElectroError) READ_FAILURES.add(err);
        throw err;
      }
    }
  }
  built = EntityWithErrorsOnFailure as unknown as EntityClass;
  return built;
}
