import {
  AdminConfirmSignUpCommand,
  CognitoIdentityProviderClient,
  SignUpCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { createDocumentClient } from '../../../lambdas/adapters/dynamo/client';
import { createRaincheckService } from '../../../lambdas/adapters/dynamo/service';
import { DynamoAccountCreator } from '../../../lambdas/adapters/dynamo/account-creator.repo';
import {
  CognitoUserDirectory,
  createCognitoClient,
} from '../../../lambdas/adapters/auth/cognito-user-directory';
import { backfillAccountRecords } from '../../../lambdas/core/account/backfill-account-records';
import { createAccountRecord } from '../../../lambdas/core/account/create-account-record';
import { LOCAL_CREDENTIALS } from '../../../local/settings';
import { codeFrom, cognitoCall, latestEmailTo, registerUser, uniqueEmail } from '../../support/cognito';
import { testStack } from '../stack';

/**
 * Issue 18 item 13: every confirmed sign-up is an account in the table at once (Cognito's
 * post-confirmation trigger in AWS, the same handler through the proxy locally), before any /api call;
 * users confirmed before the trigger existed are back-filled.
 */
const stack = testStack();
const PASSWORD = 'Str0ng-Passw0rd';
const { TABLE_NAME, AWS_REGION, USER_POOL_ID, COGNITO_ENDPOINT } = stack.lambdaConfig;
const db = createRaincheckService(
  TABLE_NAME,
  createDocumentClient({ region: AWS_REGION, endpoint: stack.dynamoUrl }),
);
const accounts = new DynamoAccountCreator(db);
const clock = { now: () => new Date() };
const directory = new CognitoUserDirectory(
  createCognitoClient({ region: AWS_REGION, endpoint: COGNITO_ENDPOINT }),
  USER_POOL_ID,
);
/** cognito-local itself, behind the proxy: a sign-up made here runs no trigger, as before it existed. */
const cognitoLocal = new CognitoIdentityProviderClient({
  region: AWS_REGION,
  endpoint: stack.cognitoUrl,
  credentials: LOCAL_CREDENTIALS,
});

async function storedProfile(email: string) {
  const user = await directory.findByEmail(email);
  if (!user) throw new Error(`${email} is not in the pool`);
  const { data } = await db.entities.profile.get({ userId: user.id }).go();
  return { user, profile: data };
}

/** A confirmed user the proxy never saw: signed up and confirmed at cognito-local directly. */
async function confirmedWithoutTrigger(email: string, confirm = true) {
  await cognitoLocal.send(
    new SignUpCommand({
      ClientId: stack.runtimeConfig.userPoolClientId,
      Username: email,
      Password: PASSWORD,
      UserAttributes: [{ Name: 'email', Value: email }],
    }),
  );
  if (confirm)
    await cognitoLocal.send(new AdminConfirmSignUpCommand({ UserPoolId: USER_POOL_ID, Username: email }));
}

describe('account records of confirmed sign-ups', () => {
  it('should hold the account record as soon as the emailed code confirms a sign-up, before any /api call', async () => {
    const email = uniqueEmail('confirmed');
    const before = Date.now();

    await registerUser(stack, email, PASSWORD);

    const { user, profile } = await storedProfile(email);
    expect(profile).toMatchObject({ userId: user.id, email, units: 'us' });
    expect(profile?.name).toBeUndefined();
    expect(Date.parse(profile!.createdAt!)).toBeGreaterThanOrEqual(before - 1000);
  });

  it('should keep one unchanged record when the confirmation or the trigger comes again', async () => {
    const email = uniqueEmail('again');
    await cognitoCall(stack, 'SignUp', {
      ClientId: stack.runtimeConfig.userPoolClientId,
      Username: email,
      Password: PASSWORD,
      UserAttributes: [{ Name: 'email', Value: email }],
    });
    const code = codeFrom(await latestEmailTo(stack, email, /verification code/i));
    const confirm = () =>
      cognitoCall(stack, 'ConfirmSignUp', {
        ClientId: stack.runtimeConfig.userPoolClientId,
        Username: email,
        ConfirmationCode: code,
      });
    expect((await confirm()).status).toBe(200);
    const first = await storedProfile(email);

    await confirm();
    const repeated = await createAccountRecord(
      { userId: first.user.id, email: 'someone-else@example.com' },
      { accounts, clock },
    );

    expect(repeated).toBe(false);
    expect((await storedProfile(email)).profile).toEqual(first.profile);
  });

  it('should back-fill a record for each confirmed user without one, once, and none for an unconfirmed sign-up', async () => {
    const [a, b, unconfirmed] = [uniqueEmail('old-a'), uniqueEmail('old-b'), uniqueEmail('unconfirmed')];
    await confirmedWithoutTrigger(a);
    await confirmedWithoutTrigger(b);
    await confirmedWithoutTrigger(unconfirmed, false);
    const [userA, userB, userUnconfirmed] = await Promise.all(
      [a, b, unconfirmed].map((e) => directory.findByEmail(e)),
    );
    expect((await storedProfile(a)).profile).toBeNull();

    const first = await backfillAccountRecords({ directory, accounts, clock });
    const afterFirst = await Promise.all([a, b].map(storedProfile));
    const second = await backfillAccountRecords({ directory, accounts, clock });

    expect(first.created).toEqual(expect.arrayContaining([userA!.id, userB!.id]));
    expect(first.created).not.toContain(userUnconfirmed!.id);
    expect(afterFirst.map((s) => s.profile?.email)).toEqual([a, b]);
    expect(afterFirst[0]!.profile?.createdAt).toBe(userA!.createdAt);
    expect(second.created).not.toContain(userA!.id);
    expect(second.created).not.toContain(userB!.id);
    expect(await Promise.all([a, b].map(storedProfile))).toEqual(afterFirst);
    expect((await storedProfile(unconfirmed)).profile).toBeNull();
  });
});
