import type { LambdaConfig } from '../config';
import type { Clock } from '../core/runtime.ports';
import { CachedUserStatus } from '../core/auth/user-status';
import { createCognitoClient } from '../adapters/auth/cognito-user-directory';
import { CognitoUserStatus } from '../adapters/auth/cognito-user-status';
import { authenticateFromApiGateway } from '../http/api-gateway';
import { withLiveStatus } from '../http/live-authenticate';
import { withMembership } from '../http/membership-authenticate';
import { DynamoTeamStore } from '../adapters/dynamo/team.repo';
import { CachedMemberships } from '../core/team/membership-caller';
import type { RaincheckService } from '../adapters/dynamo/service';
import { builtOnFirstUse } from './built-on-first-use';
import { DynamoAccountRepo } from '../adapters/dynamo/account.repo';
import { DynamoSupportAccess } from '../adapters/dynamo/support.repo';
import { withSupportSessions } from '../http/support-session-authenticate';

/**
 * The user pool's admin client and the live status lookup every signed-in route passes through, one
 * per container (so its cache is per container). Locally the endpoint is the stack's admin endpoint.
 */
export function createAuthRoot(config: LambdaConfig, clock: Clock) {
  const cognito = builtOnFirstUse(() =>
    createCognitoClient({ region: config.AWS_REGION, endpoint: config.COGNITO_ENDPOINT }),
  );
  return {
    cognito,
    userStatuses: new CachedUserStatus(new CognitoUserStatus(cognito, config.USER_POOL_ID), clock),
  };
}

/**
 * In AWS, for the Lambdas that need nothing else of auth (billing, checkout, holidays): a support
 * session's bearer (`rcs_…`, let through by the Lambda authorizer in front of every route) is checked
 * against its stored session and logged, reads only, as in the api Lambda; any other caller comes from
 * API Gateway's verified claims, then the live status, then their membership (account and role).
 */
export function liveApiGatewayAuthenticate(config: LambdaConfig, clock: Clock, db: RaincheckService) {
  return withSupportSessions(
    { access: new DynamoSupportAccess(db), accounts: new DynamoAccountRepo(db), clock },
    withMembership(
      withLiveStatus(authenticateFromApiGateway, createAuthRoot(config, clock).userStatuses),
      new CachedMemberships(new DynamoTeamStore(db), clock),
    ),
  );
}
