/**
 * `npm run backfill:accounts`: writes the account record of every confirmed user of the pool who has none
 * (users confirmed before the post-confirmation trigger existed, or whose trigger failed). Safe to run
 * again at any time: each write is the trigger's conditional create (lambdas/core/account).
 * Reads TABLE_NAME, USER_POOL_ID, USER_POOL_CLIENT_ID and AWS_REGION (the stack's outputs) through
 * lambdas/config.ts, with the caller's AWS credentials (cognito-idp:ListUsers, dynamodb:PutItem).
 * The local stack runs the same back-fill at every start (local/seed.ts).
 */
import { loadConfig } from '../lambdas/config';
import { createDataRoot } from '../lambdas/composition/data.root';
import { DynamoAccountCreator } from '../lambdas/adapters/dynamo/account-creator.repo';
import { CognitoUserDirectory, createCognitoClient } from '../lambdas/adapters/auth/cognito-user-directory';
import { backfillAccountRecords } from '../lambdas/core/account/backfill-account-records';

async function main(): Promise<void> {
  const config = loadConfig();
  const data = createDataRoot(config);
  const cognito = createCognitoClient({ region: config.AWS_REGION, endpoint: config.COGNITO_ENDPOINT });
  console.log(`Back-filling account records of pool ${config.USER_POOL_ID} into table ${config.TABLE_NAME}…`);
  const result = await backfillAccountRecords({
    directory: new CognitoUserDirectory(cognito, config.USER_POOL_ID),
    accounts: new DynamoAccountCreator(data.db),
    clock: data.clock,
  });
  console.log(`${result.confirmedUsers} confirmed users; ${result.created.length} records written.`);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
