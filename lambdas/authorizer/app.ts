import type {
  APIGatewayRequestAuthorizerEventV2,
  APIGatewaySimpleAuthorizerWithContextResult,
} from 'aws-lambda';
import { SUPPORT_TOKEN_PREFIX } from '../../shared/support';

/**
 * What the api Lambdas read as `requestContext.authorizer.lambda`: a Cognito ID token's claims (the
 * same names API Gateway's JWT authorizer handed over, arrays flattened the same way), or the mark of
 * a support session, whose token the api Lambda checks again and logs (lambdas/http/support-session-authenticate.ts).
 */
export type AuthorizerContext = Record<string, string>;

export interface AuthorizerDeps {
  /** A Cognito ID token's verified claims (signature, issuer, expiry, app client), or null. */
  verifyIdToken(token: string): Promise<Record<string, unknown> | null>;
  /** Whether a support session token is live (its session and the account's grant). */
  supportSessionIsLive(token: string): Promise<boolean>;
}

/** The claims the Lambdas read (lambdas/adapters/auth/claims.ts), as strings, as API Gateway passes them. */
const PASSED_CLAIMS = [
  'sub',
  'email',
  'email_verified',
  'token_use',
  'auth_time',
  'cognito:username',
] as const;

function contextOf(claims: Record<string, unknown>): AuthorizerContext {
  const context: AuthorizerContext = {};
  for (const name of PASSED_CLAIMS) if (claims[name] !== undefined) context[name] = String(claims[name]);
  const groups = claims['cognito:groups'];
  if (Array.isArray(groups)) context['cognito:groups'] = `[${groups.map(String).join(' ')}]`;
  return context;
}

/**
 * The HTTP API's Lambda authorizer (simple responses): a Cognito ID token or a live support session
 * token (`rcs_…`) passes, anything else is refused (401) before a function runs. It replaces the JWT
 * authorizer only because that one refuses every bearer that is not a Cognito JWT (docs/adr/0010).
 */
export function createAuthorizerHandler(deps: AuthorizerDeps) {
  return async (
    event: APIGatewayRequestAuthorizerEventV2,
  ): Promise<APIGatewaySimpleAuthorizerWithContextResult<AuthorizerContext>> => {
    const header = event.headers?.authorization ?? event.headers?.Authorization ?? '';
    const token = /^Bearer\s+(\S+)$/i.exec(header)?.[1];
    const refused = { isAuthorized: false, context: {} };
    if (!token) return refused;
    if (token.startsWith(SUPPORT_TOKEN_PREFIX)) {
      return (await deps.supportSessionIsLive(token))
        ? { isAuthorized: true, context: { kind: 'support-session' } }
        : refused;
    }
    const claims = await deps.verifyIdToken(token);
    return claims ? { isAuthorized: true, context: contextOf(claims) } : refused;
  };
}
