import type { GeocodeResult } from '../../../shared/geo/geocode';

/** Finds places by name or address. Throws GeocoderUnavailableError when it cannot be reached. */
export interface Geocoder {
  search(query: string): Promise<GeocodeResult[]>;
}
