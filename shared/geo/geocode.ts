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
