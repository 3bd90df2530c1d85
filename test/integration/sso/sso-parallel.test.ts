import type { PreTokenGenerationTriggerEvent } from 'aws-lambda';
import { createDataRoot } from '../../../lambdas/composition/data.root';
import { DynamoSsoMemberships, DynamoSsoStore } from '../../../lambdas/adapters/dynamo/sso.repo';
import { providerNameOf } from '../../../lambdas/core/sso/sso-settings';
import { createSsoTriggersHandler } from '../../../lambdas/sso-triggers/app';
import { callApi, type TestAccount } from '../../support/accounts';
import * as sso from '../../support/sso';
import { testStack } from '../stack';

/**
 * Single sign-on's uniqueness rules under parallel requests (issue 24): a domain is never held by two
 * accounts, an account has one provider whatever its owner saves at once (the table and the registered
 * provider hold the same save), and one person's parallel
 * first sign-ins make one membership, through the local front and through the AWS trigger's handler.
 */
const stack = testStack();
const run = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6)}`;
const domain = `crew-${run}.test`;
const PARALLEL = 20;

const pat: sso.TestIdpAccount = {
  login: 'pat',
  sub: `sub-pat-${run}`,
  email: `pat@${domain}`,
  emailVerified: true,
};

let idp: { issuer: string; stop: () => void };
let owner: TestAccount;

const ssoBody = (issuerUrl: string, domains: string[], extra: Record<string, unknown> = {}) => ({
  type: 'oidc',
  issuerUrl,
  clientId: 'crew-app',
  clientSecret: 'crew-secret',
  domains,
  ...extra,
});
const putSso = (account: TestAccount, body: Record<string, unknown>) =>
  callApi(stack, '/api/account/sso', { method: 'PUT', token: account.token, body });
const discover = (email: string) => callApi(stack, `/api/auth/discover?email=${encodeURIComponent(email)}`);

beforeAll(async () => {
  idp = await sso.startTestOidcIdp(stack, {
    port: await sso.freePort(),
    clientId: 'crew-app',
    clientSecret: 'crew-secret',
    accounts: [pat],
  });
  owner = await sso.enterpriseOwner(stack, domain);
  expect((await putSso(owner, ssoBody(idp.issuer, [domain]))).status).toBe(200);
}, 120_000);

afterAll(() => idp?.stop());

describe('single sign-on under parallel requests', () => {
  it('should let one of two accounts hold a domain both claim 20 times at once, and refuse the other each time', async () => {
    const contested = `contested-${run}.test`;
    const [first, second] = await Promise.all([
      sso.enterpriseOwner(stack, `first-${run}.test`),
      sso.enterpriseOwner(stack, `second-${run}.test`),
    ]);

    const answers = await Promise.all(
      Array.from({ length: PARALLEL }, (_, i) => {
        const account = i % 2 ? first : second;
        return putSso(account, ssoBody(`https://idp.${account.userId}.test`, [contested])).then((res) => ({
          account: account.userId,
          status: res.status,
        }));
      }),
    );

    const winners = new Set(answers.filter((a) => a.status === 200).map((a) => a.account));
    expect(winners.size).toBe(1);
    const [winner] = [...winners];
    const loser = winner === first.userId ? second : first;
    expect(answers.filter((a) => a.account === loser.userId).map((a) => a.status)).toEqual(
      new Array(PARALLEL / 2).fill(409),
    );
    const routed = await discover(`someone@${contested}`);
    expect(new URL(routed.body.redirectUrl).searchParams.get('identity_provider')).toBe(
      providerNameOf(winner!),
    );
    expect((await callApi(stack, '/api/account/sso', { token: loser.token })).body.configured).toBe(false);
  }, 120_000);

  it('should keep one whole provider, registered as stored, when its owner saves 20 different settings at once', async () => {
    const mine = `whole-${run}.test`;
    const extra = (i: number) => `extra-${i}-${run}.test`;
    const account = await sso.enterpriseOwner(stack, mine);
    const issuers = await sso.startDiscoveryDocuments();

    try {
      const answers = await Promise.all(
        Array.from({ length: PARALLEL }, (_, i) =>
          putSso(account, {
            ...ssoBody(issuers.issuer(`idp-${i}`), [mine, extra(i)]),
            clientId: `client-${i}`,
            clientSecret: `secret-${i}`,
            defaultRole: i % 2 ? 'manager' : 'viewer',
          }),
        ),
      );

      expect(answers.map((a) => a.status)).toEqual(new Array(PARALLEL).fill(200));
      const got = (await callApi(stack, '/api/account/sso', { token: account.token })).body;
      const i = Number(/^client-(\d+)$/.exec(got.clientId)?.[1]);
      // Never a mix of two saves: the issuer, the role and the domains belong to the same body as the client id.
      expect(got).toMatchObject({
        issuerUrl: issuers.issuer(`idp-${i}`),
        defaultRole: i % 2 ? 'manager' : 'viewer',
        domains: [
          { domain: mine, verified: true },
          { domain: extra(i), verified: true },
        ],
      });
      // The provider the managed login uses is that same save: its issuer and its client id.
      const { redirectUrl } = (await discover(`someone@${mine}`)).body;
      const authorize = await sso.providerAuthorizeUrl(redirectUrl);
      expect(`${authorize.origin}${authorize.pathname}`).toBe(`${issuers.issuer(`idp-${i}`)}/auth`);
      expect(authorize.searchParams.get('client_id')).toBe(`client-${i}`);
      // Only the stored save's domains route to it: each other save's extra domain was given back.
      const methods = await Promise.all(
        Array.from({ length: PARALLEL }, (_, n) =>
          discover(`someone@${extra(n)}`).then((r) => r.body.method),
        ),
      );
      expect(methods).toEqual(Array.from({ length: PARALLEL }, (_, n) => (n === i ? 'sso' : 'password')));
    } finally {
      issuers.stop();
    }
  }, 120_000);

  it('should make one membership when one person signs in for the first time 20 times at once', async () => {
    const { redirectUrl } = (await discover(pat.email)).body;

    const outcomes = await Promise.all(
      Array.from({ length: PARALLEL }, () => sso.signInThroughProvider(stack, redirectUrl, 'pat')),
    );

    expect(outcomes.map((o) => o.kind)).toEqual(new Array(PARALLEL).fill('tokens'));
    const pats = (await sso.membersOf(stack, owner)).filter((m) => m.email === pat.email);
    expect(pats).toEqual([expect.objectContaining({ role: 'viewer' })]);
  }, 180_000);

  it("should make one membership when Cognito's token trigger runs for one new person 20 times at once (the AWS path)", async () => {
    const data = createDataRoot(stack.lambdaConfig);
    const handler = createSsoTriggersHandler({
      store: new DynamoSsoStore(data.db),
      memberships: new DynamoSsoMemberships(data.db),
      clock: data.clock,
      log: () => {},
    });
    const email = `quinn@${domain}`;
    const event: PreTokenGenerationTriggerEvent = {
      version: '1',
      region: 'us-east-1',
      userPoolId: stack.runtimeConfig.userPoolId,
      userName: `${providerNameOf(owner.userId)}_quinn-${run}`,
      callerContext: { awsSdkVersion: 'test', clientId: stack.runtimeConfig.userPoolClientId },
      triggerSource: 'TokenGeneration_HostedAuth',
      request: {
        userAttributes: {
          sub: `00000000-0000-4000-8000-${run.slice(0, 12).padStart(12, '0')}`,
          email,
          email_verified: 'true',
          'cognito:user_status': 'EXTERNAL_PROVIDER',
          identities: JSON.stringify([
            { providerName: providerNameOf(owner.userId), userId: `quinn-${run}` },
          ]),
        },
        groupConfiguration: { groupsToOverride: [], iamRolesToOverride: [] },
      },
      response: { claimsOverrideDetails: {} },
    };

    const answers = await Promise.allSettled(Array.from({ length: PARALLEL }, () => handler(event)));

    expect(answers.map((a) => a.status)).toEqual(new Array(PARALLEL).fill('fulfilled'));
    expect((await sso.membersOf(stack, owner)).filter((m) => m.email === email)).toEqual([
      expect.objectContaining({ role: 'viewer', userId: event.request.userAttributes.sub }),
    ]);
  }, 60_000);
});
