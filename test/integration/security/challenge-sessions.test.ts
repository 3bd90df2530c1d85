import {
  AdminCreateUserCommand,
  CognitoIdentityProviderClient,
} from '@aws-sdk/client-cognito-identity-provider';
import { LOCAL_CREDENTIALS } from '../../../local/settings';
import { cognitoCall, signIn, uniqueEmail } from '../../support/cognito';
import { testStack } from '../stack';

const stack = testStack();
const ClientId = stack.runtimeConfig.userPoolClientId;
const ADMIN = { email: 'admin@raincheck.local', password: 'Admin-Passw0rd!' };

type ChallengeAnswer = {
  __type?: string;
  ChallengeName?: string;
  Session?: string;
  AuthenticationResult?: { IdToken: string };
};

const respond = (ChallengeName: string, Session: string | undefined, responses: Record<string, string>) =>
  cognitoCall<ChallengeAnswer>(stack, 'RespondToAuthChallenge', {
    ClientId,
    ChallengeName,
    ...(Session ? { Session } : {}),
    ChallengeResponses: responses,
  });

/** A user an administrator created with a temporary password: signing in asks for a new one. */
async function userWithTemporaryPassword(): Promise<{ email: string; password: string }> {
  const email = uniqueEmail('temp');
  const admin = new CognitoIdentityProviderClient({
    region: stack.lambdaConfig.AWS_REGION,
    endpoint: stack.cognitoUrl,
    credentials: LOCAL_CREDENTIALS,
  });
  await admin.send(
    new AdminCreateUserCommand({
      UserPoolId: stack.runtimeConfig.userPoolId,
      Username: email,
      TemporaryPassword: 'Temp-Passw0rd!',
      MessageAction: 'SUPPRESS',
      UserAttributes: [{ Name: 'email', Value: email }],
    }),
  );
  return { email, password: 'Temp-Passw0rd!' };
}

async function newPasswordChallenge(user: { email: string; password: string }) {
  const res = await cognitoCall<ChallengeAnswer>(stack, 'InitiateAuth', {
    AuthFlow: 'USER_PASSWORD_AUTH',
    ClientId,
    AuthParameters: { USERNAME: user.email, PASSWORD: user.password },
  });
  expect(res.body.ChallengeName).toBe('NEW_PASSWORD_REQUIRED');
  return res.body.Session!;
}

describe('answering a sign-in challenge without the session the proxy issued (issue 18 item 2)', () => {
  it.each(['SMS_MFA', 'NEW_PASSWORD_REQUIRED'])(
    'should refuse %s for the admin with a made-up 20-character session',
    async (challenge) => {
      const res = await respond(challenge, 'x'.repeat(20), {
        USERNAME: ADMIN.email,
        SMS_MFA_CODE: '123456',
        NEW_PASSWORD: 'Taken-Over-Passw0rd!',
      });
      expect(res.status).toBe(400);
      expect(res.body.__type).toBe('NotAuthorizedException');
      expect(res.body.AuthenticationResult).toBeUndefined();
      // The admin's password is unchanged.
      await expect(signIn(stack, ADMIN.email, ADMIN.password)).resolves.toHaveProperty('IdToken');
    },
  );

  it('should refuse a session issued for another user', async () => {
    const session = await newPasswordChallenge(await userWithTemporaryPassword());
    const res = await respond('NEW_PASSWORD_REQUIRED', session, {
      USERNAME: ADMIN.email,
      NEW_PASSWORD: 'Taken-Over-Passw0rd!',
    });
    expect(res.body.__type).toBe('NotAuthorizedException');
    await expect(signIn(stack, ADMIN.email, ADMIN.password)).resolves.toHaveProperty('IdToken');
  });

  it('should refuse a session issued for another challenge', async () => {
    const user = await userWithTemporaryPassword();
    const session = await newPasswordChallenge(user);
    const res = await respond('SMS_MFA', session, { USERNAME: user.email, SMS_MFA_CODE: '123456' });
    expect(res.body.__type).toBe('NotAuthorizedException');
  });

  it('should set the new password with the issued session once, and refuse the session again', async () => {
    const user = await userWithTemporaryPassword();
    const session = await newPasswordChallenge(user);
    const first = await respond('NEW_PASSWORD_REQUIRED', session, {
      USERNAME: user.email.toUpperCase(),
      NEW_PASSWORD: 'Chosen-Passw0rd!',
    });
    expect(first.status).toBe(200);
    expect(first.body.AuthenticationResult?.IdToken).toEqual(expect.any(String));
    const replay = await respond('NEW_PASSWORD_REQUIRED', session, {
      USERNAME: user.email,
      NEW_PASSWORD: 'Replayed-Passw0rd!',
    });
    expect(replay.body.__type).toBe('NotAuthorizedException');
    await expect(signIn(stack, user.email, 'Chosen-Passw0rd!')).resolves.toHaveProperty('IdToken');
  });
});
