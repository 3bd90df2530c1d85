/**
 * The signed-in billing routes: the only `/api/*` routes besides checkout and the webhook that need
 * Stripe. The billing Lambda serves exactly these (infra/lambda-entries.ts routes them to it, ahead of
 * `/api/{proxy+}`), and the local stack mounts the same app at the same paths.
 */
export const SUBSCRIPTION_ROUTES = [
  { method: 'GET', path: '/api/subscription' },
  { method: 'POST', path: '/api/subscription/change' },
  { method: 'POST', path: '/api/subscription/preview-change' },
  { method: 'POST', path: '/api/subscription/cancel' },
  { method: 'POST', path: '/api/subscription/resume' },
  { method: 'POST', path: '/api/me/password-changed' },
  { method: 'POST', path: '/api/consolidated/stripe/create-portal-session' },
] as const;
