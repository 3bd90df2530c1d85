import { callApi, subscribe, type TestAccount } from '../../support/accounts';
import { registerUser, signIn } from '../../support/cognito';
import { freePort, signInThroughSaml, startTestSamlIdp } from '../../support/sso';
import { testStack } from '../stack';

const stack = testStack();
const run = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6)}`;
const domain = `saml-${run}.test`;
let idp: { metadataUrl: string; stop: () => void };
let owner: TestAccount;

beforeAll(async () => {
  idp = await startTestSamlIdp(stack, await freePort());
  const email = `owner@${domain}`;
  const password = 'Saml-Owner-Passw0rd';
  await registerUser(stack, email, password);
  const { IdToken } = await signIn(stack, email, password);
  const me = await callApi(stack, '/api/me', { token: IdToken });
  owner = { email, password, token: IdToken, userId: me.body.profile.userId as string };
  await subscribe(stack, owner, 'enterprise');
  const put = await callApi(stack, '/api/account/sso', {
    method: 'PUT',
    token: owner.token,
    body: { type: 'saml', metadataUrl: idp.metadataUrl, domains: [domain], defaultRole: 'manager' },
  });
  expect(put.status).toBe(200);
}, 120_000);

afterAll(() => idp?.stop());

describe('signing in through a SAML 2.0 provider', () => {
  it('should sign in a person of the domain as a member with the default role after our checks of the signed assertion', async () => {
    const { redirectUrl } = (await callApi(stack, `/api/auth/discover?email=sam@${domain}`)).body;
    const outcome = await signInThroughSaml(stack, redirectUrl, `sam@${domain}`);
    if (outcome.kind !== 'tokens') throw new Error(`Refused: ${outcome.description}`);
    const me = await callApi(stack, '/api/me', { token: outcome.idToken });
    expect(me.body.account).toMatchObject({ id: owner.userId, role: 'manager', email: `sam@${domain}` });
  });

  it('should refuse a response whose assertion was changed after the IdP signed it', async () => {
    const { redirectUrl } = (await callApi(stack, `/api/auth/discover?email=tia@${domain}`)).body;
    const outcome = await signInThroughSaml(stack, redirectUrl, `tia@${domain}`, {
      // Someone in the middle turns Tia into the owner.
      tamper: (xml) => xml.replaceAll(`tia@${domain}`, `owner@${domain}`),
    });
    expect(outcome).toEqual({ kind: 'refused', description: expect.stringContaining('was refused') });
  });

  it('should refuse a signed answer for an address outside the registered domains', async () => {
    const { redirectUrl } = (await callApi(stack, `/api/auth/discover?email=sam@${domain}`)).body;
    const outcome = await signInThroughSaml(stack, redirectUrl, `eve@elsewhere-${run}.test`);
    expect(outcome).toEqual({
      kind: 'refused',
      description: expect.stringContaining('does not sign in through'),
    });
  });
});
