/**
 * The security headers of every response from the app's origin, declared once: the CloudFront
 * response-headers policy (infra/constructs/web.construct.ts) and the local server (local/server.ts)
 * are both built from this file, and tests check that both send the same.
 */

import { COLOR_SCHEME_SCRIPT_HASH, EARLY_CLICKS_SCRIPT_HASH } from './landing-head-scripts';

/** Where Stripe.js loads from and talks to (hosted checkout is a redirect, but Stripe.js runs on our pages). */
export const STRIPE_JS_ORIGIN = 'https://js.stripe.com';

/**
 * Content-Security-Policy. Amplify talks to Cognito's regional endpoint in AWS (and to /__cognito on the
 * same origin locally); Stripe.js needs its script, its frames and its API; Mantine injects inline styles.
 * `frame-ancestors 'none'` is the modern form of X-Frame-Options: DENY (both are sent). The only inline
 * scripts allowed, by their hashes, are the prerendered landing page's two (landing-head-scripts.ts).
 */
export function contentSecurityPolicy(region: string): string {
  return [
    "default-src 'self'",
    `script-src 'self' '${COLOR_SCHEME_SCRIPT_HASH}' '${EARLY_CLICKS_SCRIPT_HASH}' ${STRIPE_JS_ORIGIN}`,
    // maps.geo: Amazon Location's basemap style, tiles, fonts and sprites (the SPA's maps, in AWS).
    // *.s3.<region>: presigned POST uploads go straight to the files bucket's regional endpoint
    // (issue 24); the bucket's name is not known here, and the signed policy is what limits them.
    `connect-src 'self' https://cognito-idp.${region}.amazonaws.com https://api.stripe.com https://maps.geo.${region}.amazonaws.com https://*.s3.${region}.amazonaws.com`,
    `frame-src ${STRIPE_JS_ORIGIN} https://hooks.stripe.com`,
    "img-src 'self' data:",
    "style-src 'self' 'unsafe-inline'",
    "font-src 'self' data:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** Strict-Transport-Security: two years, subdomains included. */
export const HSTS = { maxAgeSeconds: 730 * 24 * 60 * 60, includeSubdomains: true } as const;

export const FRAME_OPTIONS = 'DENY';
export const REFERRER_POLICY = 'strict-origin-when-cross-origin';
export const CONTENT_TYPE_OPTIONS = 'nosniff';

/**
 * The headers as name → value, for servers that set them directly (the local server). `https` says
 * whether the origin is served over TLS: HSTS is sent only then. Browsers ignore HSTS received over
 * plain HTTP (RFC 6797 §8.1), and a `localhost` that did receive it over TLS once (another tool, a
 * dev proxy) would be pinned to HTTPS for two years, breaking every plain-HTTP dev server on it.
 */
export function securityHeaders(opts: { region: string; https: boolean }): Record<string, string> {
  return {
    'content-security-policy': contentSecurityPolicy(opts.region),
    ...(opts.https
      ? {
          'strict-transport-security': `max-age=${HSTS.maxAgeSeconds}${HSTS.includeSubdomains ? '; includeSubDomains' : ''}`,
        }
      : {}),
    'x-content-type-options': CONTENT_TYPE_OPTIONS,
    'x-frame-options': FRAME_OPTIONS,
    'referrer-policy': REFERRER_POLICY,
  };
}
