import type { AddressSuggestion, GeocodeResult } from '../../../shared/geo/geocode';

/**
 * Street addresses as one types (Amazon Location Places in AWS): suggestions first, then the point of
 * the one picked. Both throw ServiceUnavailableError when the provider cannot be reached; `place`
 * throws NotFoundError for an id the provider does not know.
 */
export interface AddressLookup {
  /** `near` ([longitude, latitude]) ranks addresses close to it first without excluding others. */
  suggest(query: string, opts?: { near?: [number, number] }): Promise<AddressSuggestion[]>;
  place(id: string): Promise<GeocodeResult>;
}
