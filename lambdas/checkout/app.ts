import type { CheckoutDeps } from '../core/billing/checkout';
import type { GuestCheckoutEmailDeps } from '../core/billing/guest-checkout-email';
import { createHttpApp, type Authenticate } from '../http/kit';
import { checkoutEnvelope, checkoutRoutes } from '../routes/checkout.routes';

export { CHECKOUT_ROUTES } from '../routes/checkout.routes';

/** The checkout Lambda's app: the two checkout routes of spec §7, errors worded as spec §7 reads them. */
export function createCheckoutApp(deps: {
  authenticate: Authenticate;
  checkout: CheckoutDeps & Pick<GuestCheckoutEmailDeps, 'guestEmailTokens'>;
}) {
  const app = createHttpApp({
    envelope: checkoutEnvelope,
    notFoundBody: { error: 'Not found', message: 'Not found' },
  });
  app.route('/', checkoutRoutes(deps));
  return app;
}
