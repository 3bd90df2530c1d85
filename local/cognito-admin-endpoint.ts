import type { ServerType } from '@hono/node-server';
import { cognitoGateRefusal } from './emulators';
import type { CognitoMfa } from './cognito-mfa';
import { listen } from './server';

const JSON_TYPE = 'application/x-amz-json-1.1';
const TARGET = /^AWSCognitoIdentityProviderService\.(\w+)$/;

/**
 * The local stack's Cognito for the Lambdas' admin client (COGNITO_ENDPOINT): cognito-local, except
 * where Cognito answers what the emulator cannot, so product code is the same in AWS and locally:
 *  - AdminGetUser carries UserMFASettingList and PreferredMfaSetting (TOTP, local/cognito-mfa.ts);
 *  - AdminUserGlobalSignOut revokes the user's refresh tokens.
 * Loopback only, behind the same gate as cognito-local (no browser origin, signed requests only).
 */
export async function startCognitoAdminEndpoint(opts: {
  upstream: string;
  port: number;
  mfa: CognitoMfa;
}): Promise<{ url: string; server: ServerType }> {
  const forward = (req: Request, target: string, body: string) =>
    fetch(opts.upstream, {
      method: 'POST',
      headers: {
        'content-type': JSON_TYPE,
        'x-amz-target': `AWSCognitoIdentityProviderService.${target}`,
        authorization: req.headers.get('authorization') ?? '',
      },
      body,
    });

  const fetchHandler = async (req: Request): Promise<Response> => {
    const refusal = cognitoGateRefusal(
      { method: req.method, headers: Object.fromEntries(req.headers) },
      opts.port,
    );
    if (refusal) {
      return new Response(JSON.stringify({ __type: 'AccessDeniedException', message: refusal }), {
        status: 403,
        headers: { 'content-type': JSON_TYPE },
      });
    }
    const target = TARGET.exec(req.headers.get('x-amz-target') ?? '')?.[1] ?? '';
    const body = await req.text();
    if (target === 'AdminUserGlobalSignOut') {
      // The user must exist, as in Cognito; then every refresh token they hold stops working.
      const user = await forward(req, 'AdminGetUser', body);
      if (!user.ok) return user;
      const { Username } = (await user.json()) as { Username: string };
      opts.mfa.revokeRefreshTokens(Username);
      return new Response('{}', { status: 200, headers: { 'content-type': JSON_TYPE } });
    }
    const res = await forward(req, target, body);
    const text = await res.text();
    const answer = (status: number, json: string) =>
      new Response(json, { status, headers: { 'content-type': JSON_TYPE } });
    if (target !== 'AdminGetUser' || !res.ok) return answer(res.status, text);
    const user = JSON.parse(text) as { Username: string };
    return answer(200, JSON.stringify({ ...user, ...opts.mfa.mfaSettings(user.Username) }));
  };

  const server = await listen({ fetch: fetchHandler }, opts.port);
  return { url: `http://127.0.0.1:${opts.port}`, server };
}
