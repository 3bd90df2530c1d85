import { CognitoJwtVerifier } from 'aws-jwt-verify';
import { loadConfig } from '../config';
import { createDataRoot } from '../composition/data.root';
import { DynamoSupportAccess } from '../adapters/dynamo/support.repo';
import { liveSupportSession } from '../core/support/support-access';
import { createAuthorizerHandler } from './app';

// Built once per container: the verifier caches the pool's JWKS, so most requests verify offline.
const config = loadConfig();
const data = createDataRoot(config);
const access = new DynamoSupportAccess(data.db);
const verifier = CognitoJwtVerifier.create({
  userPoolId: config.USER_POOL_ID,
  tokenUse: 'id',
  clientId: config.USER_POOL_CLIENT_ID,
});

export const handler = createAuthorizerHandler({
  async verifyIdToken(token) {
    try {
      return (await verifier.verify(token)) as Record<string, unknown>;
    } catch {
      return null;
    }
  },
  supportSessionIsLive: async (token) =>
    (await liveSupportSession(token, { access, clock: data.clock })) !== null,
});
