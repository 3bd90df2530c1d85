/**
 * The routes of the checkout Lambda; the guest routes are public (no JWT authorizer). After a guest
 * checkout the register page trades the session id Stripe put in the success URL for a short-lived
 * signed token of the paid email (`guest-checkout-token`), keeps only the token in its URL, and reads
 * the email back from it (`guest-checkout-email`) to fill the form. infra/lambda-entries.ts routes
 * exactly these to it, and the local stack mounts its app at them.
 */
export const CHECKOUT_ROUTES = [
  { method: 'POST', path: '/api/consolidated/stripe/create-checkout-session', public: false },
  { method: 'POST', path: '/api/consolidated/stripe/create-guest-checkout', public: true },
  { method: 'POST', path: '/api/consolidated/stripe/guest-checkout-token', public: true },
  { method: 'POST', path: '/api/consolidated/stripe/guest-checkout-email', public: true },
] as const;
