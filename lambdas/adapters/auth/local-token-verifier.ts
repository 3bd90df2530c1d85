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
 * Verifies a Cognito token the way API Gateway's JWT authorizer does: signature against the issuer's
 * JWKS, issuer, expiry, and the app client as audience (`aud` on ID tokens, `client_id` on access
 * tokens). Returns the claims, or null for any token that would be refused.
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
    try {
      return (await verifier.verify(token)) as Record<string, unknown>;
    } catch {
      return null;
    }
  };
}
