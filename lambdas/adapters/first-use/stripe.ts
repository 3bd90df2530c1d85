import type StripeSdk from 'stripe';
import { requiredOnFirstUse } from '../required-on-first-use';

/**
 * `stripe` in a Lambda that bundles it apart (FIRST_USE_IMPORTS in infra/bundling/lambda-bundling.ts):
 * its ~240 KB are parsed by the first request that calls Stripe (a checkout, a plan change, the portal),
 * not at every cold start of billing and checkout, whose other routes never call it.
 */
const stripeSdk = requiredOnFirstUse<typeof StripeSdk>(
  'stripe',
  // The bundle apart is Stripe's ES module build bundled as CommonJS: its default export is `default`.
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- evaluated on first use (above)
  () => (require('stripe.on-first-use') as { default: typeof StripeSdk }).default,
);

/**
 * The package's default export: `new Stripe(key, config)` requires the SDK and returns its own client.
 * Our code reads no static member (`Stripe.errors`, `Stripe.webhooks`…); the proxy forwards any such
 * read to the SDK all the same, so that one added later is not found undefined in the bundles alone.
 */
const Stripe = new Proxy(function Stripe() {} as unknown as typeof StripeSdk, {
  construct: (_target, args: ConstructorParameters<typeof StripeSdk>) => new (stripeSdk())(...args),
  get: (_target, property) => Reflect.get(stripeSdk(), property),
});

export default Stripe;
