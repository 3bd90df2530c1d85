import { handle } from 'hono/aws-lambda';
import { loadConfig } from '../config';
import { createAppRoot } from '../composition/app.root';
import { authenticateFromApiGateway } from '../http/api-gateway';
import { withLiveStatus } from '../http/live-authenticate';
import { withSupportSessions } from '../http/support-session-authenticate';
import { withMembership } from '../http/membership-authenticate';
import { createAddressLookup } from '../adapters/geo/address-lookup.factory';
import { createApiApp } from './app';

// Built once per container, at module load. Billing routes live in the billing Lambda: this bundle
// holds no Stripe.
const config = loadConfig();
const root = createAppRoot(config);

export const handler = handle(
  createApiApp({
    ...root,
    // Only this Lambda looks up street addresses: the dispatch, which shares the root, never does.
    addressLookup: createAddressLookup(config),
    // A support session's token (`rcs_…`) is checked against its stored hash first; the Lambda
    // authorizer in front (infra/constructs/api.construct.ts) lets it through to this Lambda. Any
    // other caller is verified, then placed in its account by its membership (issue 22).
    authenticate: withSupportSessions(
      root.support,
      withMembership(withLiveStatus(authenticateFromApiGateway, root.userStatuses), root.team.memberships),
    ),
  }),
);
