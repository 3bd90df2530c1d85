import { loadConfig } from '../config';
import { createCognitoClient } from '../adapters/auth/cognito-user-directory';
import { keepClientProviders } from '../adapters/sso/client-providers';
import { builtOnFirstUse } from '../composition/built-on-first-use';
import { createClientProvidersHandler, respondToCloudFormation } from './app';

const config = loadConfig();
const cognito = /* @__PURE__ */ builtOnFirstUse(() =>
  createCognitoClient({ region: config.AWS_REGION, endpoint: config.COGNITO_ENDPOINT }),
);

export const handler = createClientProvidersHandler({
  keep: (userPoolId, clientId) => keepClientProviders(cognito, userPoolId, clientId),
  respond: respondToCloudFormation,
});
