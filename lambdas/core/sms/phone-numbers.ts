import { isValidPhoneNumber } from 'libphonenumber-js/max';

/**
 * The server's check of a stored-form (E.164) number with the full metadata: the shared schema's
 * small set (also the SPA's) knows each country's lengths; this one knows its number ranges too.
 */
export function isDialableNumber(e164: string): boolean {
  return isValidPhoneNumber(e164);
}
