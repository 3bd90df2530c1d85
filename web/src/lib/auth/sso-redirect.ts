/**
 * Single sign-on in the browser (issue 24): the authorization code flow with PKCE against the user
 * pool's managed login domain (Cognito's in AWS, the stack's federation front locally), then the
 * tokens handed to Amplify's own token store, so every later request, refresh and sign-out works as
 * for a password sign-in.
 */
const PENDING_KEY = 'raincheck.sso.pending';
const AMPLIFY_PREFIX = 'CognitoIdentityServiceProvider';

interface Pending {
  verifier: string;
  state: string;
  tokenUrl: string;
  redirectUri: string;
  clientId: string;
}

const base64url = (bytes: Uint8Array) =>
  btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');

const randomText = (size: number) => base64url(crypto.getRandomValues(new Uint8Array(size)));

/** Sends the browser to the provider named in discover's `redirectUrl`, with our PKCE challenge and state. */
export async function startSsoSignIn(redirectUrl: string): Promise<void> {
  const url = new URL(redirectUrl);
  const verifier = randomText(32);
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier));
  const state = randomText(16);
  url.searchParams.set('code_challenge', base64url(new Uint8Array(digest)));
  url.searchParams.set('code_challenge_method', 'S256');
  url.searchParams.set('state', state);
  const pending: Pending = {
    verifier,
    state,
    // The managed login's token endpoint sits beside its authorize endpoint.
    tokenUrl: url.toString().replace(/\/oauth2\/authorize.*$/, '/oauth2/token'),
    redirectUri: url.searchParams.get('redirect_uri') ?? '',
    clientId: url.searchParams.get('client_id') ?? '',
  };
  sessionStorage.setItem(PENDING_KEY, JSON.stringify(pending));
  window.location.assign(url.toString());
}

function claimsOf(token: string): Record<string, unknown> {
  const part = token.split('.')[1] ?? '';
  const json = atob(part.replace(/-/g, '+').replace(/_/g, '/'));
  return JSON.parse(json) as Record<string, unknown>;
}

/** Where Amplify v6 keeps a session: `CognitoIdentityServiceProvider.<client>.<username>.<kind>`. */
function storeForAmplify(
  clientId: string,
  tokens: { id_token: string; access_token: string; refresh_token: string },
) {
  const username = String(
    claimsOf(tokens.access_token).username ?? claimsOf(tokens.id_token)['cognito:username'],
  );
  const key = (kind: string) => `${AMPLIFY_PREFIX}.${clientId}.${username}.${kind}`;
  localStorage.setItem(key('idToken'), tokens.id_token);
  localStorage.setItem(key('accessToken'), tokens.access_token);
  localStorage.setItem(key('refreshToken'), tokens.refresh_token);
  localStorage.setItem(key('clockDrift'), '0');
  // Written last: the app reads it as "a session is stored" (load-auth-client.ts).
  localStorage.setItem(`${AMPLIFY_PREFIX}.${clientId}.LastAuthUser`, username);
}

/**
 * Finishes the sign-in on `/auth/sso-callback`: checks the state, redeems the code with the PKCE
 * verifier and stores the session. Throws an Error whose message the page shows.
 */
export async function completeSsoSignIn(search: string): Promise<void> {
  const params = new URLSearchParams(search);
  const raw = sessionStorage.getItem(PENDING_KEY);
  sessionStorage.removeItem(PENDING_KEY);
  const pending = raw ? (JSON.parse(raw) as Pending) : null;
  if (!pending || params.get('state') !== pending.state)
    throw new Error('This sign-in link is not from this browser or has already been used. Start again.');
  const refused = params.get('error_description') ?? params.get('error');
  if (refused) throw new Error(refused);
  const code = params.get('code');
  if (!code) throw new Error('The sign-in came back without a code. Start again.');
  const res = await fetch(pending.tokenUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      redirect_uri: pending.redirectUri,
      client_id: pending.clientId,
      code_verifier: pending.verifier,
    }).toString(),
  });
  const body = (await res.json().catch(() => ({}))) as Record<string, string>;
  if (!res.ok || !body.id_token || !body.access_token || !body.refresh_token)
    throw new Error(body.error_description ?? 'The sign-in could not be completed. Start again.');
  storeForAmplify(pending.clientId, {
    id_token: body.id_token,
    access_token: body.access_token,
    refresh_token: body.refresh_token,
  });
}
