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
 * In AWS: API Gateway's verified claims, then the live status, then the caller's membership (the
 * account they act in and their role), for Lambdas that need nothing else of auth.
 */
export function liveApiGatewayAuthenticate(config: LambdaConfig, clock: Clock, db: RaincheckService) {
  return withMembership(
    withLiveStatus(authenticateFromApiGateway, createAuthRoot(config, clock).userStatuses),
    new CachedMemberships(new DynamoTeamStore(db), clock),
  );
}
