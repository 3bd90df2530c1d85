/** One place an address search found (`GET /api/geocode?q=`). */
export interface GeocodeResult {
  name: string;
  /** "Illinois, United States": enough to tell two Springfields apart. */
  region: string;
  latitude: number;
  longitude: number;
  timezone: string | null;
}

export const GEOCODER_UNAVAILABLE =
  'Address lookup is not available right now. Type the coordinates (or copy them from a map) instead.';

/** One street address the lookup suggests as the person types (`GET /api/geocode/suggest?q=`). */
export interface AddressSuggestion {
  /** The provider's opaque id of the address: `GET /api/geocode/place?id=` turns it into a point. */
  id: string;
  /** The full address as one line, e.g. "400 Broad St, Seattle, WA 98109-4607, United States". */
  label: string;
}

/** Street-address lookup cannot be reached (offline, or not set up in this environment). */
export const ADDRESS_LOOKUP_UNAVAILABLE =
  'Address lookup is unavailable here. Place the pin on the map or type the coordinates.';

/** The address id the lookup answered is unknown (or expired) at the provider. */
export const ADDRESS_NOT_FOUND = 'That address could not be found any more. Type it again to look it up.';
