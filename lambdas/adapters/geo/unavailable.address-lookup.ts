import {
  ADDRESS_LOOKUP_UNAVAILABLE,
  type AddressSuggestion,
  type GeocodeResult,
} from '../../../shared/geo/geocode';
import { ServiceUnavailableError } from '../../core/errors';
import type { AddressLookup } from '../../core/geo/address-lookup.ports';

/**
 * Where no street-address provider is set up (the local stack: no AWS account, no internet), every
 * lookup answers 503 with the message that sends the person to the map pin or typed coordinates.
 */
export class UnavailableAddressLookup implements AddressLookup {
  suggest(): Promise<AddressSuggestion[]> {
    return Promise.reject(new ServiceUnavailableError(ADDRESS_LOOKUP_UNAVAILABLE));
  }

  place(): Promise<GeocodeResult> {
    return Promise.reject(new ServiceUnavailableError(ADDRESS_LOOKUP_UNAVAILABLE));
  }
}
