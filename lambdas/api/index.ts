import { handle } from 'hono/aws-lambda';
import { loadConfig } from '../config';
import { createAppRoot } from '../composition/app.root';
import { authenticateFromApiGateway } from '../http/api-gateway';
import { withLiveStatus } from '../http/live-authenticate';
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
    authenticate: withMembership(
      withLiveStatus(authenticateFromApiGateway, root.userStatuses),
      root.team.memberships,
    ),
  }),
);
