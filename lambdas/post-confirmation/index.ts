import { loadTriggerConfig } from '../config';
import { createDocumentClient } from '../adapters/dynamo/client';
import { createRaincheckService } from '../adapters/dynamo/service';
import { DynamoAccountCreator } from '../adapters/dynamo/account-creator.repo';
import { createCognitoClient } from '../adapters/auth/cognito-user-directory';
import { CognitoAuthenticatorSettings } from '../adapters/auth/cognito-authenticator-settings';
import { createPostConfirmationHandler } from './app';
import { builtOnFirstUse } from '../composition/built-on-first-use';

// Built once per container, at module load: the table and the pool's admin client, nothing else.
const config = loadTriggerConfig();
const db = createRaincheckService(
  config.TABLE_NAME,
  builtOnFirstUse(() =>
    createDocumentClient({ region: config.AWS_REGION, endpoint: config.DYNAMODB_ENDPOINT }),
  ),
);

export const handler = createPostConfirmationHandler({
  accounts: new DynamoAccountCreator(db),
  clock: { now: () => new Date() },
  authenticators: new CognitoAuthenticatorSettings(
    builtOnFirstUse(() =>
      createCognitoClient({ region: config.AWS_REGION, endpoint: config.COGNITO_ENDPOINT }),
    ),
  ),
});
