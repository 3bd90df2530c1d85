import { loadTriggerConfig } from '../config';
import { DynamoAccountCreator } from '../adapters/dynamo/account-creator.repo';
import { createCognitoClient } from '../adapters/auth/cognito-user-directory';
import { CognitoAuthenticatorSettings } from '../adapters/auth/cognito-authenticator-settings';
import { createPostConfirmationHandler } from './app';
import { builtOnFirstUse } from '../composition/built-on-first-use';
import { createTriggerTable } from '../composition/trigger-table';

// Built once per container, at module load: the table and the pool's admin client, nothing else.
const config = loadTriggerConfig();
const db = createTriggerTable(config);

export const handler = createPostConfirmationHandler({
  accounts: new DynamoAccountCreator(db),
  clock: { now: () => new Date() },
  authenticators: new CognitoAuthenticatorSettings(
    builtOnFirstUse(() =>
      createCognitoClient({ region: config.AWS_REGION, endpoint: config.COGNITO_ENDPOINT }),
    ),
  ),
});
