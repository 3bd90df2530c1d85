import { JwtVerifier } from 'aws-jwt-verify';
import type { Fetcher } from 'aws-jwt-verify/https';
import { SimpleJwksCache } from 'aws-jwt-verify/jwk';

/** aws-jwt-verify's own fetcher refuses http:, and cognito-local serves its JWKS over http. */
const plainFetcher: Fetcher = {
  async fetch(uri) {
    const res = await fetch(uri);
    if (!res.ok) throw new Error(`JWKS fetch failed: ${res.status} ${uri}`);
    return res.arrayBuffer();
  },
};

/**
 * The kid of the key cognito-local ships in its npm package: anyone can sign with it. The local stack
 * re-signs tokens with a key of its own (local/cognito-token-signer.ts); a token under this kid is forged.
 */
export const PUBLISHED_KEY_ID = 'CognitoLocal';

function keyIdOf(token: string): unknown {
  try {
    const header = JSON.parse(
      Buffer.from(token.split('.')[0] ?? '', 'base64url').toString('utf8'),
    ) as unknown;
    return typeof header === 'object' && header !== null ? (header as { kid?: unknown }).kid : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Verifies a Cognito token the way API Gateway's JWT authorizer does: signature against the issuer's
 * JWKS, issuer, expiry, and the app client as audience (`aud` on ID tokens, `client_id` on access
 * tokens). Returns the claims, or null for any token that would be refused, and for any token signed
 * with cognito-local's published key.
 */
export function createTokenVerifier(opts: { issuer: string; clientId: string; jwksUri?: string }) {
  const verifier = JwtVerifier.create(
    {
      issuer: opts.issuer,
      jwksUri: opts.jwksUri ?? `${opts.issuer}/.well-known/jwks.json`,
      audience: null,
      customJwtCheck: ({ payload }) => {
        const audience = payload.aud ?? payload.client_id;
        const audiences = Array.isArray(audience) ? audience : [audience];
        if (!audiences.includes(opts.clientId)) throw new Error('Token is not for this app client');
      },
    },
    { jwksCache: new SimpleJwksCache({ fetcher: plainFetcher }) },
  );
  return async function verify(token: string): Promise<Record<string, unknown> | null> {
    if (keyIdOf(token) === PUBLISHED_KEY_ID) return null;
    try {
      return (await verifier.verify(token)) as Record<string, unknown>;
    } catch {
      return null;
    }
  };
}
