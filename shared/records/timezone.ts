import tzLookup from '@photostructure/tz-lookup';

/** The IANA timezone at a point, from the tz-lookup library's boundary data (not a hand-made table). */
export function timezoneAt(latitude: number, longitude: number): string {
  return tzLookup(latitude, longitude);
}
