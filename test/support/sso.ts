import { spawn, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import path from 'node:path';
import http from 'node:http';
import { createRequire } from 'node:module';
import net from 'node:net';
import { callApi, subscribe, type TestAccount } from './accounts';
import { registerUser, signIn } from './cognito';
import type { TestStackInfo } from './stack-process';

const ROOT = path.resolve(__dirname, '../..');

export interface TestIdpAccount {
  login: string;
  sub: string;
  email: string;
  emailVerified: boolean;
}

/** A real OIDC provider (local/identity-providers/oidc-idp.ts) in its own process, for one test file. */
export async function startTestOidcIdp(
  stack: TestStackInfo,
  opts: { port: number; clientId: string; clientSecret: string; accounts: TestIdpAccount[] },
): Promise<{ issuer: string; stop: () => void }> {
  const config = {
    port: opts.port,
    clients: [
      {
        clientId: opts.clientId,
        clientSecret: opts.clientSecret,
        redirectUris: [`${stack.appUrl}/__federation/oauth2/idpresponse`],
      },
    ],
    accounts: opts.accounts,
  };
  const { url, stop } = await startIdpProcess(
    'local/identity-providers/oidc-idp-main.ts',
    'RAINCHECK_OIDC_IDP',
    config,
    /OIDC_IDP_READY (\S+)/,
  );
  return { issuer: url, stop };
}

/** Runs a local identity provider's main file in its own process until its READY line. */
async function startIdpProcess(main: string, envName: string, config: unknown, ready: RegExp) {
  const tsx = createRequire(path.join(ROOT, 'package.json')).resolve('tsx');
  const child: ChildProcess = spawn(process.execPath, ['--import', `file://${tsx}`, path.join(ROOT, main)], {
    cwd: ROOT,
    env: { ...process.env, [envName]: JSON.stringify(config) },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    let err = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = ready.exec(out);
      if (match) resolve(match[1]!);
    });
    child.stderr!.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.on('exit', (code) => reject(new Error(`${main} exited (${code}): ${err}`)));
  });
  return { url, stop: () => child.stdin!.end() };
}

/** The local SAML IdP (local/identity-providers/saml-idp.ts) answering the stack's user pool. */
export async function startTestSamlIdp(
  stack: TestStackInfo,
  port: number,
): Promise<{ metadataUrl: string; stop: () => void }> {
  const { url, stop } = await startIdpProcess(
    'local/identity-providers/saml-idp-main.ts',
    'RAINCHECK_SAML_IDP',
    {
      port,
      sp: {
        entityId: `urn:amazon:cognito:sp:${stack.runtimeConfig.userPoolId}`,
        acsUrl: `${stack.appUrl}/__federation/saml2/idpresponse`,
      },
    },
    /SAML_IDP_READY (\S+)/,
  );
  return { metadataUrl: url, stop };
}

const hiddenFields = (html: string): Record<string, string> =>
  Object.fromEntries(
    [...html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)].map((m) => [
      m[1]!,
      m[2]!
        .replace(/&quot;/g, '"')
        .replace(/&#39;/g, "'")
        .replace(/&lt;/g, '<')
        .replace(/&gt;/g, '>')
        .replace(/&amp;/g, '&'),
    ]),
  );

/**
 * A SAML sign-in as a browser makes it: discover's URL with PKCE and state, the IdP's login page (the
 * address typed), its auto-posted form to our ACS (`tamper` may change the assertion's XML first), then
 * the code redeemed.
 */
export async function signInThroughSaml(
  stack: TestStackInfo,
  redirectUrl: string,
  email: string,
  opts: { tamper?: (xml: string) => string } = {},
): Promise<SsoOutcome> {
  const { start, verifier, state } = withPkce(redirectUrl);
  const toIdp = await fetch(start, { redirect: 'manual' });
  const idpUrl = new URL(toIdp.headers.get('location')!, start);
  if (idpUrl.pathname === '/auth/sso-callback') return redeem(stack, idpUrl, verifier, state);
  const loginPage = await (await fetch(idpUrl)).text();
  const posted = await fetch(new URL('/sso/login', idpUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ ...hiddenFields(loginPage), email }).toString(),
  });
  const postedHtml = await posted.text();
  const fields = hiddenFields(postedHtml);
  if (!fields.SAMLResponse)
    throw new Error(
      `IdP answered ${posted.status}: ${postedHtml.slice(0, 500)} / login page: ${loginPage.slice(0, 300)}`,
    );
  const xml = Buffer.from(fields.SAMLResponse!, 'base64').toString('utf8');
  const answer = opts.tamper ? Buffer.from(opts.tamper(xml)).toString('base64') : fields.SAMLResponse!;
  const acs = await fetch(`${stack.appUrl}/__federation/saml2/idpresponse`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ SAMLResponse: answer, RelayState: fields.RelayState ?? '' }).toString(),
  });
  const back = new URL(acs.headers.get('location') ?? `${stack.appUrl}/`, stack.appUrl);
  if (back.pathname !== '/auth/sso-callback')
    throw new Error(`ACS answered ${acs.status}: ${await acs.text()}`);
  return redeem(stack, back, verifier, state);
}

/** A port nothing listens on now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** A browser's cookies, per host (paths ignored: the tests visit one provider each). */
class CookieJar {
  private readonly byHost = new Map<string, Map<string, string>>();
  store(url: string, res: Response) {
    const host = new URL(url).host;
    const jar = this.byHost.get(host) ?? new Map<string, string>();
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = pair!.indexOf('=');
      jar.set(pair!.slice(0, eq).trim(), pair!.slice(eq + 1));
    }
    this.byHost.set(host, jar);
  }
  header(url: string): string {
    const jar = this.byHost.get(new URL(url).host);
    return jar ? [...jar].map(([k, v]) => `${k}=${v}`).join('; ') : '';
  }
}

/** One request as a browser makes it (no automatic redirects: each hop is followed by `browse`). */
async function hop(jar: CookieJar, url: string, init: RequestInit = {}): Promise<Response> {
  const res = await fetch(url, {
    ...init,
    redirect: 'manual',
    headers: { ...(init.headers as Record<string, string>), cookie: jar.header(url) },
  });
  jar.store(url, res);
  return res;
}

export type SsoOutcome =
  | { kind: 'tokens'; idToken: string; accessToken: string; refreshToken: string }
  | { kind: 'refused'; description: string };

/** Discover's redirect URL with the PKCE challenge and state the SPA adds. */
function withPkce(redirectUrl: string) {
  const verifier = randomBytes(32).toString('base64url');
  const state = randomBytes(12).toString('base64url');
  const start = new URL(redirectUrl);
  start.searchParams.set('code_challenge', createHash('sha256').update(verifier).digest('base64url'));
  start.searchParams.set('code_challenge_method', 'S256');
  start.searchParams.set('state', state);
  return { start, verifier, state };
}

/**
 * Where the managed login (the local federation front) sends the browser first for discover's
 * redirect URL: the registered provider's authorization endpoint with its client id, read from the
 * provider registry exactly as a sign-in reads it.
 */
export async function providerAuthorizeUrl(redirectUrl: string): Promise<URL> {
  const { start } = withPkce(redirectUrl);
  const res = await fetch(start, { redirect: 'manual' });
  const location = res.headers.get('location');
  if (res.status !== 302 || !location)
    throw new Error(`The front answered ${res.status}: ${await res.text()}`);
  return new URL(location, start);
}

/**
 * OIDC discovery documents for many issuers on one loopback port (`<url>/<name>`), each naming its
 * own authorization endpoint (`<issuer>/auth`): enough for the front to start a sign-in at each.
 */
export async function startDiscoveryDocuments(): Promise<{
  issuer: (name: string) => string;
  stop: () => void;
}> {
  const server = http.createServer((req, res) => {
    const name = /^\/([\w-]+)\/\.well-known\/openid-configuration$/.exec(req.url ?? '')?.[1];
    if (!name) return void res.writeHead(404).end();
    const issuer = `${origin}/${name}`;
    res.writeHead(200, { 'content-type': 'application/json' }).end(
      JSON.stringify({
        issuer,
        authorization_endpoint: `${issuer}/auth`,
        token_endpoint: `${issuer}/token`,
        jwks_uri: `${issuer}/jwks`,
        response_types_supported: ['code'],
        subject_types_supported: ['public'],
        id_token_signing_alg_values_supported: ['RS256'],
      }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as net.AddressInfo).port}`;
  return { issuer: (name) => `${origin}/${name}`, stop: () => server.close() };
}

/**
 * A person's whole SSO sign-in as the SPA and a browser make it: PKCE and state added to discover's
 * redirect URL, the provider's login page (the login typed, any password), every redirect followed,
 * then the code redeemed at the managed login's token endpoint.
 */
export async function signInThroughProvider(
  stack: TestStackInfo,
  redirectUrl: string,
  login: string,
  opts: { tamperAtCallback?: (url: URL) => Promise<URL> } = {},
): Promise<SsoOutcome> {
  const jar = new CookieJar();
  const { start, verifier, state } = withPkce(redirectUrl);

  let url = start.toString();
  let res = await hop(jar, url);
  for (let i = 0; i < 20; i++) {
    const location = res.headers.get('location');
    if (res.status >= 300 && res.status < 400 && location) {
      const next = new URL(location, url);
      if (next.pathname === '/auth/sso-callback') return redeem(stack, next, verifier, state);
      if (next.pathname.endsWith('/oauth2/idpresponse') && opts.tamperAtCallback) {
        const tampered = await opts.tamperAtCallback(next);
        url = tampered.toString();
      } else url = next.toString();
      res = await hop(jar, url);
      continue;
    }
    const html = await res.text();
    if (res.status === 200 && /name="login"/.test(html)) {
      // The provider's login form: type the login and any password, as a person would.
      const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1] ?? new URL(url).pathname;
      const formUrl = new URL(action, url).toString();
      res = await hop(jar, formUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ prompt: 'login', login, password: 'any' }).toString(),
      });
      url = formUrl;
      continue;
    }
    throw new Error(`Unexpected answer ${res.status} at ${url}: ${html.slice(0, 300)}`);
  }
  throw new Error('Too many redirects');
}

async function redeem(
  stack: TestStackInfo,
  callback: URL,
  verifier: string,
  state: string,
): Promise<SsoOutcome> {
  if (callback.searchParams.get('state') !== state) throw new Error('The state came back changed');
  const error = callback.searchParams.get('error');
  if (error) return { kind: 'refused', description: callback.searchParams.get('error_description') ?? error };
  const res = await fetch(`${stack.appUrl}/__federation/oauth2/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code: callback.searchParams.get('code')!,
      redirect_uri: `${stack.appUrl}/auth/sso-callback`,
      client_id: stack.runtimeConfig.userPoolClientId,
      code_verifier: verifier,
    }).toString(),
  });
  const body = (await res.json()) as Record<string, string>;
  if (res.status !== 200) throw new Error(`Token endpoint answered ${res.status}: ${JSON.stringify(body)}`);
  return {
    kind: 'tokens',
    idToken: body.id_token!,
    accessToken: body.access_token!,
    refreshToken: body.refresh_token!,
  };
}

/** An Enterprise owner whose own address is `owner@<domain>` (so break-glass can be tested). */
export async function enterpriseOwner(
  stack: TestStackInfo,
  domain: string,
  password = 'Sso-Owner-Passw0rd',
): Promise<TestAccount> {
  const email = `owner@${domain}`;
  await registerUser(stack, email, password);
  const { IdToken } = await signIn(stack, email, password);
  const me = await callApi(stack, '/api/me', { token: IdToken });
  const owner = { email, password, token: IdToken, userId: me.body.profile.userId as string };
  await subscribe(stack, owner, 'enterprise');
  return owner;
}

/** The members of the owner's account, as the team page lists them. */
export async function membersOf(
  stack: TestStackInfo,
  owner: TestAccount,
): Promise<Array<{ email: string; role: string; userId: string }>> {
  const res = await callApi(stack, '/api/account/members', { token: owner.token });
  if (res.status !== 200) throw new Error(`members: ${res.status}`);
  return res.body.members;
}
