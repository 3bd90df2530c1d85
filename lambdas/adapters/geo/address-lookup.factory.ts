import type { LambdaConfig } from '../../config';
import type { AddressLookup } from '../../core/geo/address-lookup.ports';
import { AmazonPlacesAddressLookup } from './amazon-places.address-lookup';
import { UnavailableAddressLookup } from './unavailable.address-lookup';

/**
 * The street-address lookup this environment has. The client is built once per container; the form
 * waits on it while the person types, so a slow answer gives up after 3 s and one retry at most.
 */
export function createAddressLookup(config: LambdaConfig): AddressLookup {
  if (config.RAINCHECK_ADDRESS_LOOKUP === 'off') return new UnavailableAddressLookup();
  return new AmazonPlacesAddressLookup({
    region: config.AWS_REGION,
    endpoint: config.RAINCHECK_GEO_PLACES_URL,
    maxAttempts: 2,
    requestHandler: { connectionTimeout: 2000, requestTimeout: 3000 },
  });
}
