import type { Caller } from '../../core/ports';

/**
 * API Gateway's JWT authorizer hands claims to the Lambda with arrays flattened to strings such as
 * "[admins ops]"; a verified token read locally has real arrays. Both become the same Caller.
 */
export function parseGroups(value: unknown): string[] {
  if (Array.isArray(value)) return value.map(String);
  if (typeof value !== 'string' || value.trim() === '') return [];
  const inner = value.trim().replace(/^\[/, '').replace(/\]$/, '');
  return inner
    .split(/[\s,]+/)
    .map((g) => g.trim())
    .filter(Boolean);
}

export function callerFromClaims(claims: Record<string, unknown> | undefined | null): Caller | null {
  if (!claims) return null;
  const sub = claims.sub;
  if (typeof sub !== 'string' || sub === '') return null;
  // Only ID tokens: the API needs the verified email, which access tokens do not carry (API Gateway's
  // authorizer would let an access token through, so the check lives here).
  if (claims.token_use !== 'id') return null;
  const email = typeof claims.email === 'string' ? claims.email : '';
  if (email === '') return null;
  // API Gateway hands boolean claims over as strings ("true").
  const emailVerified = claims.email_verified === true || claims.email_verified === 'true';
  // API Gateway hands numbers over as strings too.
  const authSeconds = Number(claims.auth_time);
  const authTime =
    Number.isFinite(authSeconds) && authSeconds > 0 ? new Date(authSeconds * 1000).toISOString() : undefined;
  const username = claims['cognito:username'];
  return {
    userId: sub,
    email,
    groups: parseGroups(claims['cognito:groups']),
    ...(typeof username === 'string' && username !== '' ? { username } : {}),
    ...(emailVerified ? { emailVerified } : {}),
    ...(authTime ? { authTime } : {}),
  };
}
